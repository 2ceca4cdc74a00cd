import { Link } from 'react-router';
import { CONTACT_DETAILS, RETENTION } from '../../../../shared/marketing';
import { contactTexts } from '../../../../shared/texts/contact';
import { PolicyPage } from './PolicyPage';

/** spec §2, §9: recordings kept 30 days, usage data 12 months, account data until deletion, contact messages a year. */
export const RETENTION_LINES = [
  `Voice recordings are kept for ${RETENTION.recordingsDays} days, then deleted.`,
  `Usage data is kept for ${RETENTION.usageDataMonths} months.`,
  'Account data is kept until you delete your account.',
  contactTexts.retention,
];

export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      lastUpdated="2026-11-27"
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
              <li>Your custom vocabulary and dictation preferences (language, style, export format), kept with your account so every computer you dictate on uses them.</li>
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
          body: (
            <>
              <p>You can see, export, correct or delete your data at any time, yourself, from your account page:</p>
              <ul>
                <li>
                  <strong>Export</strong>: sign in, open <Link to="/account">your account</Link> and choose <strong>Download my data</strong>. You get a JSON file with your
                  profile, how you sign in, your plan and subscription, your usage for every month, your vocabulary and dictation preferences, and the messages you sent us from your confirmed email address since you confirmed it.
                </li>
                <li>
                  <strong>Correct</strong>: change your name and your password there too.
                </li>
                <li>
                  <strong>Delete</strong>: choose <strong>Delete account</strong> there, type &quot;delete my account&quot; and confirm with your password (if you sign in with
                  Google, sign in again first). Your account, usage, vocabulary and preferences, and the messages you sent us from your confirmed address are deleted at once, any subscription ends with no further charge, and
                  every device is signed out. You may sign up again later with the same email, as a new account.
                </li>
              </ul>
              <p>Write to us if you need help.</p>
            </>
          ),
        },
      ]}
    />
  );
}

export default PrivacyPage;
