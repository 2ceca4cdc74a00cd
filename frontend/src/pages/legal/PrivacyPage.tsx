import { CONTACT_DETAILS, RETENTION } from '../../../../shared/marketing';
import { PolicyPage } from './PolicyPage';

/** spec §2, §9: recordings kept 30 days, usage data 12 months, account data until deletion. */
export const RETENTION_LINES = [
  `Voice recordings are kept for ${RETENTION.recordingsDays} days, then deleted.`,
  `Usage data is kept for ${RETENTION.usageDataMonths} months.`,
  'Account data is kept until you delete your account.',
];

export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      lastUpdated="2025-03-01"
      contactEmail={CONTACT_DETAILS.privacyEmail}
      intro={<p>Your words are yours. This policy explains what Voxpen collects, why, how long we keep it, and the choices you have.</p>}
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>Account data: your name, email address and, if you subscribe, billing details held by our payment provider.</li>
              <li>Voice recordings you dictate, so we can transcribe them and let you review recent sessions.</li>
              <li>Usage data: words transcribed, recording time and app version, so we can show your metrics and enforce plan limits.</li>
            </ul>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <ul>
              {RETENTION_LINES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ),
        },
        {
          heading: 'How we use it',
          body: <p>To provide and improve the service, to bill you, and to keep your account secure. We never sell your data and never use your recordings to advertise to you.</p>,
        },
        {
          heading: 'Who we share it with',
          body: <p>Only with processors that run parts of the service for us (hosting, payments, email), under contracts that bind them to this policy.</p>,
        },
        {
          heading: 'Your rights',
          body: <p>You can see, export, correct or delete your data at any time. Deleting your account deletes your account data; write to us if you need help.</p>,
        },
      ]}
    />
  );
}

export default PrivacyPage;
