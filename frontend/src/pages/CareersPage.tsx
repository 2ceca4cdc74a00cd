import { CONTACT_DETAILS } from '../../../shared/marketing';
import { Icon, type IconName } from '../components/icons';
import { PageHeader } from '../components/PageHeader';

/** spec §2: the six open roles. */
export const OPEN_ROLES = [
  { title: 'CTO', department: 'Engineering', location: 'San Francisco, CA', type: 'Full-time', salary: '$250k – $320k' },
  { title: 'VP of Engineering', department: 'Engineering', location: 'San Francisco, CA (Hybrid)', type: 'Full-time', salary: '$220k – $280k' },
  { title: 'Senior Product Manager', department: 'Product', location: 'New York, NY (Hybrid)', type: 'Full-time', salary: '$160k – $200k' },
  { title: 'Senior Software Engineer', department: 'Engineering', location: 'Remote (US & Europe)', type: 'Full-time', salary: '$150k – $190k' },
  { title: 'Machine Learning Engineer', department: 'AI Research', location: 'Remote (US & Europe)', type: 'Full-time', salary: '$160k – $210k' },
  { title: 'Product Designer', department: 'Design', location: 'San Francisco, CA', type: 'Full-time', salary: '$120k – $160k' },
] as const;

const BENEFITS: { icon: IconName; text: string }[] = [
  { icon: 'money', text: 'Competitive salary and meaningful equity' },
  { icon: 'heart', text: 'Health, dental and vision cover for you and your family' },
  { icon: 'laptop', text: 'Remote-friendly, with the equipment you need' },
  { icon: 'book', text: '$1,500 a year for learning and conferences' },
  { icon: 'sun', text: '25 days of paid time off, plus public holidays' },
  { icon: 'mic', text: 'Free Voxpen Pro for you and your family' },
];

const mailto = (subject: string) => `mailto:${CONTACT_DETAILS.careersEmail}?subject=${encodeURIComponent(subject)}`;

export function CareersPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="Careers" title="Help the world write with its voice">
        We're a team of 150+ across 20+ countries, building the writing tool we always wanted. Come do the best work of
        your career with us.
      </PageHeader>

      <section className="container section" aria-labelledby="roles-title">
        <h2 id="roles-title">Open positions</h2>
        <ul className="roles">
          {OPEN_ROLES.map((role) => (
            <li key={role.title} className="card role">
              <div>
                <h3>{role.title}</h3>
                <ul className="role-meta" aria-label={`About the ${role.title} role`}>
                  <li>
                    <Icon name="briefcase" size={16} /> {role.department}
                  </li>
                  <li>
                    <Icon name="pin" size={16} /> {role.location}
                  </li>
                  <li>
                    <Icon name="clock" size={16} /> {role.type}
                  </li>
                  <li>
                    <Icon name="money" size={16} /> {role.salary}
                  </li>
                </ul>
              </div>
              <a className="btn btn-primary" href={mailto(`Application: ${role.title}`)} aria-label={`Apply Now: ${role.title}`}>
                Apply Now
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">Benefits</h2>
        <ul className="benefits">
          {BENEFITS.map((b) => (
            <li key={b.text}>
              <span className="feature-icon">
                <Icon name={b.icon} />
              </span>
              {b.text}
            </li>
          ))}
        </ul>
      </section>

      <section className="container section">
        <div className="banner">
          <div>
            <h2>Don't see your role?</h2>
            <p>We're always glad to meet great people. Send us your resume and tell us what you'd like to work on.</p>
          </div>
          {/* docs/decisions.md#10: Submit Your Resume may open mail to careers@. */}
          <a className="btn btn-primary" href={mailto('Resume')}>
            Submit Your Resume
          </a>
        </div>
      </section>
    </div>
  );
}

export default CareersPage;
