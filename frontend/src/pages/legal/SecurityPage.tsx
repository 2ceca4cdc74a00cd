import { CONTACT_DETAILS } from '../../../../shared/marketing';
import { PolicyPage } from './PolicyPage';

export function SecurityPage() {
  return (
    <PolicyPage
      title="Security"
      lastUpdated="2025-03-01"
      contactEmail={CONTACT_DETAILS.securityEmail}
      intro={<p>Your recordings and writing are personal. Here is how we protect them.</p>}
      sections={[
        {
          heading: 'Encryption',
          body: <p>All traffic uses TLS. Recordings, transcripts and account data are encrypted at rest with keys managed by our cloud provider.</p>,
        },
        {
          heading: 'Accounts',
          body: <p>Passwords are hashed, never stored. Sessions use short-lived tokens in secure, HTTP-only cookies, and repeated failed sign-ins are slowed down.</p>,
        },
        {
          heading: 'Infrastructure',
          body: <p>Voxpen runs on managed cloud services with least-privilege access: each part of the system can reach only the data it needs.</p>,
        },
        {
          heading: 'Reporting a vulnerability',
          body: (
            <p>
              Found a problem? Write to <a href={`mailto:${CONTACT_DETAILS.securityEmail}`}>{CONTACT_DETAILS.securityEmail}</a>. We answer
              within two business days and never take action against good-faith research.
            </p>
          ),
        },
      ]}
    />
  );
}

export default SecurityPage;
