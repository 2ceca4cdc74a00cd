import { Icon, type IconName } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { CallToAction } from '../components/CallToAction';

/** spec §2: founded 2020, 1M+ users, 150+ team, 20+ countries. */
const FACTS = [
  { value: '2020', label: 'Founded' },
  { value: '1M+', label: 'Users' },
  { value: '150+', label: 'Team members' },
  { value: '20+', label: 'Countries' },
];

const VALUES: { icon: IconName; title: string; body: string }[] = [
  {
    icon: 'target',
    title: 'Our Mission',
    body: 'To let every writer get ideas onto the page at the speed they think them, without the keyboard in the way.',
  },
  {
    icon: 'eye',
    title: 'Our Vision',
    body: 'A world where writing is as natural as talking, and no story goes untold because typing was too slow.',
  },
  {
    icon: 'heart',
    title: 'Our Impact',
    body: 'Over a million writers, students and creators have dictated billions of words with Voxpen, in more than 20 countries.',
  },
];

export function AboutPage() {
  return (
    <div className="page">
      <PageHeader eyebrow="About us" title="Our Story">
        Voxpen began in 2020 with a novelist who could think a chapter faster than she could type it. We built the tool
        we wanted: dictation that understands writers.
      </PageHeader>

      <section className="container" aria-label="Voxpen in numbers">
        <dl className="stats four">
          {FACTS.map((f) => (
            <div key={f.label} className="stat">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="container narrow section prose" aria-labelledby="story-title">
        <h2 id="story-title">From a kitchen table to 20+ countries</h2>
        <p>
          The first version of Voxpen was a weekend project: a microphone, a speech model and a lot of stubbornness about
          punctuation. Early users were authors and journalists who wanted transcripts that read like writing, not like
          court records.
        </p>
        <p>
          Today a team of more than 150 people across engineering, research, design and support works on one question:
          how do we make speaking your words the most natural way to write them?
        </p>
      </section>

      <section className="container section" aria-label="Mission, vision and impact">
        <div className="cards three">
          {VALUES.map((v) => (
            <article key={v.title} className="card feature-card">
              <span className="feature-icon">
                <Icon name={v.icon} />
              </span>
              <h2>{v.title}</h2>
              <p>{v.body}</p>
            </article>
          ))}
        </div>
      </section>

      <CallToAction title="Come build it with us" text="We're hiring across engineering, product and design." to="/careers" label="See open roles" />
    </div>
  );
}

export default AboutPage;
