import { useState } from 'react';
import { Link, Navigate, useFetcher, useLoaderData, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_PATH, SETTINGS_SECTIONS, settingsPath, type SettingsSection } from '../../../../shared/site-pages';
import type { AccountArrival } from './account-paths';
import { BillingSection } from './BillingSection';
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

type ReadyState = Extract<AccountState, { status: 'ready' }>;

/** One settings section's cards. */
function SectionCards({ section, state }: { section: SettingsSection; state: ReadyState }) {
  const { profile } = state;
  const hasPassword = profile.signInMethods.includes('password');
  const hasPasskey = profile.signInMethods.includes('passkey');
  switch (section) {
    case 'profile':
      return (
        <>
          <ProfileSection profile={profile} />
          {hasPassword ? <EmailSection /> : null}
        </>
      );
    case 'dictation':
      return <DictationSections state={state} />;
    case 'security':
      return (
        <>
          {hasPassword ? <PasswordSection email={profile.email} /> : <NoPasswordSection />}
          <PasskeysSection email={profile.email} passkeys={state.passkeys} hasPassword={hasPassword} />
          <TwoStepSection hasPassword={hasPassword} hasPasskey={hasPasskey} />
        </>
      );
    case 'sessions':
      return (
        <>
          <SessionsSection sessions={state.sessions} />
          <SignOutEverywhereSection />
        </>
      );
    case 'billing':
      return <BillingSection billing={state.billing} />;
    case 'data':
      return (
        <>
          <ExportSection />
          <DeleteSection hasPassword={hasPassword} hasPasskey={hasPasskey} paidPlan={profile.paidPlan} />
        </>
      );
  }
}

/** The section a path names: /account/<section>; /account itself is none (the phone's list; wide, the first section). */
function sectionAt(pathname: string): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((section) => pathname.replace(/\/$/, '') === settingsPath(section));
}

/**
 * The settings' nav: a column beside the section on a wide screen; on a phone, at /account, the list
 * that leads to each section (with what each holds), and on a section's page a link back to it.
 */
function SettingsNav({ current }: { current: SettingsSection }) {
  return (
    <nav className="settings-nav" aria-label={t.sectionsLabel}>
      <ul>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section}>
            <Link to={settingsPath(section)} aria-current={section === current ? 'page' : undefined}>
              <span className="settings-nav-name">{t.sections[section].name}</span>
              <span className="settings-nav-about">{t.sections[section].about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /account: settings in sections (shared/site-pages.ts SETTINGS_SECTIONS), each its own path so back,
 * forward and links work: the profile and the email address; the vocabulary and dictation
 * preferences; the password, passkeys and two-step verification; where the account is signed in and
 * signing out everywhere; the plan and its billing; the data as a file, and deletion. /account shows
 * the first section beside the nav, or on a phone the list alone. The loader reads once for every
 * section. Signed in only: the loader sends the signed-out to /signin, and a session that ends while
 * the page is open does too, unless the page ended it itself (it says so, then moves on).
 */
export function AccountPage() {
  const loaded = useLoaderData<AccountState>();
  // Read again after a failure (Retry): replaces the loader's read.
  const [retried, setRetried] = useState<AccountState>();
  const state = retried ?? loaded;
  const navigate = useNavigate();
  const location = useLocation();
  const section = sectionAt(location.pathname);
  const arrival = location.state as AccountArrival | null;
  const retry = async () => {
    try {
      setRetried(await readAccount(location.pathname));
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
    <div className={`container account settings ${section ? 'settings-at-section' : 'settings-at-list'}`}>
      <header className="dashboard-header">
        <h1>{t.title}</h1>
        <p className="lead">{t.lead}</p>
      </header>
      {state.status === 'ready' && arrival?.emailChanged && (
        <p className="account-notice" role="status">
          {t.emailChanged(state.profile.email)}
        </p>
      )}
      {state.status === 'error' ? (
        <RetryNotice failure={state.failure} failed={t.loadFailed} onRetry={retry} />
      ) : (
        <div className="settings-layout">
          <SettingsNav current={section ?? SETTINGS_SECTIONS[0]} />
          {/* Keyed by section: a new section's page starts afresh, and a move to it is announced by focus on its content. */}
          <div key={section ?? 'first'} className="settings-content" ref={section && location.key !== 'default' ? focusContent : undefined} tabIndex={-1}>
            {section && (
              <Link to={ACCOUNT_PATH} className="settings-back">
                <span aria-hidden="true">‹</span>
                {t.allSettings}
              </Link>
            )}
            <div className="account-sections">
              <SectionCards section={section ?? SETTINGS_SECTIONS[0]} state={state} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

/** A section reached by a link (not the page's first load) takes focus, so the keyboard and a screen reader start at what it opened. */
function focusContent(element: HTMLDivElement | null) {
  element?.focus({ preventScroll: true });
}

export default AccountPage;
