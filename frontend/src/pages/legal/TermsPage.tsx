import { CONTACT_DETAILS } from '../../../../shared/marketing';
import { FREE_WORDS_PER_MONTH } from '../../../../shared/plans';
import { trialTexts } from '../../pricing/trial-texts';
import { PolicyPage } from './PolicyPage';

export function TermsPage() {
  return (
    <PolicyPage
      title="Terms of Service"
      lastUpdated="2026-11-23"
      contactEmail={CONTACT_DETAILS.legalEmail}
      intro={<p>These terms govern your use of Voxpen's apps and website. By creating an account you agree to them.</p>}
      sections={[
        {
          heading: 'Your account',
          body: <p>Keep your sign-in details safe and tell us at once if you suspect someone else has used your account. You must be at least 16 to use Voxpen.</p>,
        },
        {
          heading: 'Plans and billing',
          body: (
            <p>
              The Free plan includes {FREE_WORDS_PER_MONTH} words a month. Pro is billed monthly or annually in advance. {trialTexts.terms} You
              can cancel at any time; your plan stays active until the end of the paid period.
            </p>
          ),
        },
        {
          heading: 'Your content',
          body: <p>You own everything you dictate and write. You give us only the rights we need to transcribe, store and show it to you.</p>,
        },
        {
          heading: 'Acceptable use',
          body: <p>Do not use Voxpen to break the law, to record people without their consent, or to disrupt the service for others.</p>,
        },
        {
          heading: 'Liability',
          body: <p>Voxpen is provided as is. To the extent the law allows, our liability is limited to the amount you paid us in the last twelve months.</p>,
        },
      ]}
    />
  );
}

export default TermsPage;
