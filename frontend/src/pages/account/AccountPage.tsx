import { useState } from 'react';
import { Link, Navigate, useFetcher, useLoaderData, useNavigate } from 'react-router';
import { accountTexts } from './account-texts';
import { useDelayedRedirect } from '../../auth/redirect';
import { useSession } from '../../auth/session';
import { Spinner } from '../../auth/Spinner';
import { loadAccount, readAccount, readDictationCode, type AccountState } from './account-data';
import { useSectionRead } from './section-read';
import type { ReadFailure } from '../../api/unreachable';
import { RetryNotice } from '../../components/RetryNotice';
import { DeleteSection } from './DeleteSection';
import { ExportSection } from './ExportSection';
import { sectionKey, type SectionOutcome } from './account-actions';
import { NoPasswordSection, PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { EmailSection } from './EmailSection';
import { PasskeysSection } from './PasskeysSection';
import { SessionsSection } from './SessionsSection';
import { TwoStepSection } from './TwoStepSection';
import { SignOutEverywhereSection } from './SignOutEverywhereSection';
import './account.css';

const t = accountTexts;

export { loadAccount as loader };
/** What the page's forms send (account-actions.ts). */
export { accountAction as action } from './account-actions';

/** Read once per visit: the sections keep what they change. */
export const shouldRevalidate = () => false;

/** A spinner while the loader checks the session and reads the account (the first load of /account). */
export function HydrateFallback() {
  return <Spinner />;
}

/** Long enough to read the goodbye before the home page. */
export const GOODBYE_MS = 4000;

/** A module-level ref callback: the heading takes focus when the goodbye replaces the form that was in use. */
function focus(heading: HTMLHeadingElement | null) {
  heading?.focus();
}

function Goodbye({ message }: { message: string }) {
  useDelayedRedirect('/', GOODBYE_MS);
  return (
    <div className="container narrow auth-status" role="status">
      <h1 ref={focus} tabIndex={-1}>
        {t.goodbye}
      </h1>
      <p className="lead">{message}</p>
      <p className="muted">{t.toHome}</p>
      <Link to="/" replace className="btn btn-primary">
        {t.homeNow}
      </Link>
    </div>
  );
}

/** A section whose code is still on its way, or failed to arrive (then Retry fetches it again): its heading and that state. */
function SectionPending({ id, title, loading, failed, failure, onRetry }: { id: string; title: string; loading: string; failed: string; failure?: ReadFailure; onRetry: () => unknown }) {
  return (
    <section className="card account-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {failure ? (
        <RetryNotice failure={failure} failed={failed} onRetry={onRetry} />
      ) : (
        <p className="muted" role="status">
          {loading}
        </p>
      )}
    </section>
  );
}

/** The Vocabulary and Preferences sections, once their chunk (./dictation.ts) has arrived; their places held meanwhile. */
function DictationSections({ state }: { state: Extract<AccountState, { status: 'ready' }> }) {
  const { read: loaded, retry } = useSectionRead(state.dictation, readDictationCode);
  if (loaded?.step !== 'ready') {
    const failure = loaded?.step === 'failed' ? loaded.failure : undefined;
    return (
      <>
        <SectionPending id="vocabulary-title" title={t.vocabularyTitle} loading={t.vocabularyLoading} failed={t.vocabularyFailed} failure={failure} onRetry={retry} />
        <SectionPending id="preferences-title" title={t.preferencesTitle} loading={t.preferencesLoading} failed={t.preferencesFailed} failure={failure} onRetry={retry} />
      </>
    );
  }
  const { VocabularySection, PreferencesSection } = loaded.value;
  return (
    <>
      <VocabularySection vocabulary={state.vocabulary} />
      <PreferencesSection preferences={state.preferences} plan={state.profile.paidPlan ? 'pro' : 'free'} />
    </>
  );
}

/**
 * /account: the profile and how the account signs in, the vocabulary and dictation preferences, the password (email accounts), passkeys, where it is
 * signed in (each signed out on its own), signing out everywhere, the data as a file, and deletion. Signed in only: the loader sends the
 * signed-out to /signin, and a session that ends while the page is open does too, unless the page
 * ended it itself (it says so, then moves on).
 */
export function AccountPage() {
  const loaded = useLoaderData<AccountState>();
  // Read again after a failure (Retry): replaces the loader's read.
  const [retried, setRetried] = useState<AccountState>();
  const state = retried ?? loaded;
  const navigate = useNavigate();
  const retry = async () => {
    try {
      setRetried(await readAccount());
    } catch (thrown) {
      // readAccount's redirects (the session ended meanwhile: /signin), followed as the loader's are.
      if (thrown instanceof Response && thrown.headers.get('location')) navigate(thrown.headers.get('location')!, { replace: true });
      else throw thrown;
    }
  };
  const session = useSession();
  // Signing out everywhere and deleting end this browser's session too, and the page must stay to say
  // so (then it moves on itself): while one is sent, and after it succeeded, the session guard stands aside.
  const deletion = useFetcher<SectionOutcome>({ key: sectionKey('delete') });
  const everywhere = useFetcher<SectionOutcome>({ key: sectionKey('sign-out-everywhere') });
  const leaving = [deletion, everywhere].some((fetcher) => fetcher.state !== 'idle' || fetcher.data?.message);
  const goodbye = deletion.state === 'idle' ? deletion.data?.message : undefined;

  if (goodbye !== undefined) return <Goodbye message={goodbye} />;
  if (!leaving) {
    if (session.loading) return <Spinner />;
    if (!session.doesSessionExist) return <Navigate to="/signin" replace />;
  }

  return (
    <div className="container narrow account">
      <header className="dashboard-header">
        <h1>{t.title}</h1>
        <p className="lead">{t.lead}</p>
      </header>
      {state.status === 'error' ? (
        <RetryNotice failure={state.failure} failed={t.loadFailed} onRetry={retry} />
      ) : (
        <div className="account-sections">
          <ProfileSection profile={state.profile} />
          <DictationSections state={state} />
          {state.profile.signInMethods.includes('password') ? <EmailSection /> : null}
          {state.profile.signInMethods.includes('password') ? <PasswordSection email={state.profile.email} /> : <NoPasswordSection />}
          <PasskeysSection email={state.profile.email} passkeys={state.passkeys} hasPassword={state.profile.signInMethods.includes('password')} />
          <TwoStepSection hasPassword={state.profile.signInMethods.includes('password')} hasPasskey={state.profile.signInMethods.includes('passkey')} />
          <SessionsSection sessions={state.sessions} />
          <SignOutEverywhereSection />
          <ExportSection />
          <DeleteSection hasPassword={state.profile.signInMethods.includes('password')} hasPasskey={state.profile.signInMethods.includes('passkey')} paidPlan={state.profile.paidPlan} />
        </div>
      )}
    </div>
  );
}

export default AccountPage;
