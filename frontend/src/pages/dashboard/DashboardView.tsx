import { Link } from 'react-router';
import { billingUiTexts } from '../../../../shared/texts/plans-ui';
import { detectPlatform } from '../../home/platform';
import { DownloadNowButton, VersionLine } from '../../components/InstallerDownload';
import { useLatestVersion, type LatestVersionState } from '../../hooks/use-latest-version';
import { RetryNotice } from '../../components/RetryNotice';
import { LOADING, type Account, type ProfileState } from './dashboard-data';
import { MetricCards } from './MetricCards';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageChart } from './UsageChart';
import './usage.css';

function WindowsDownloadCard({ latest }: { latest: LatestVersionState }) {
  return (
    <article className="card">
      <h2>Voxpen for Windows</h2>
      <VersionLine latest={latest} />
      <div className="card-actions">
        <DownloadNowButton latest={latest} className="btn btn-primary" />
      </div>
    </article>
  );
}

function LatestWindowsDownloadCard() {
  return <WindowsDownloadCard latest={useLatestVersion()} />;
}

const VERSION_LOADING: LatestVersionState = { status: 'loading' };

/** An account that has never dictated: nothing recorded, ever (a 404 is a record not made yet, so nothing either). */
export function isFirstRun(state: ProfileState): boolean {
  if (state.status === 'missing') return true;
  return state.status === 'ready' && state.profile.metrics.wordsTranscribed === 0 && state.profile.metrics.recordingTime === 0;
}

/** The first run's lead: install the app for this computer, and what the numbers below will show. */
function FirstRunCard() {
  const t = billingUiTexts.firstRun;
  const platform = detectPlatform() === 'mac' ? 'Mac' : 'Windows';
  return (
    <section className="card first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">{t.title}</h2>
      <p>{t.lead}</p>
      <div className="card-actions">
        <Link to="/download" className="btn btn-primary">
          {t.install(platform)}
        </Link>
      </div>
    </section>
  );
}

function AccountCard({ user, onRetry }: { user: Account; onRetry?: () => unknown }) {
  const failed = !user.email && user.failure;
  return (
    <article className="card" aria-labelledby="account-card-title" aria-busy={!user.email && !failed}>
      <h2 id="account-card-title">Your account</h2>
      {user.email ? (
        <p>
          Signed in as <strong>{user.email}</strong>
          {user.name ? <> ({user.name})</> : null}
        </p>
      ) : failed ? (
        <RetryNotice failure={failed} failed={billingUiTexts.accountFailed} onRetry={onRetry ?? (() => undefined)} />
      ) : (
        <p className="muted">Loading your account...</p>
      )}
      <div className="card-actions">
        <Link to="/account" className="btn btn-ghost">
          Manage your account
        </Link>
      </div>
    </article>
  );
}

/**
 * spec §2 /dashboard: header, a first run's guidance, metric cards, the last 12 months, the
 * subscription, Windows download and account cards. `skeleton`: the loading view, which asks nothing of the API (a
 * signed-out visit the loader sends on to /signin loads no HTTP code).
 */
export function DashboardView({
  state,
  activating = false,
  user,
  skeleton = false,
  onRetry,
}: {
  state: ProfileState;
  activating?: boolean;
  user: Account;
  skeleton?: boolean;
  /** Reads the account and profile again after a failed read. */
  onRetry?: () => unknown;
}) {
  return (
    <div className="container">
      <header className="dashboard-header">
        <h1>Dashboard</h1>
        <p className="lead">Manage your account and subscription</p>
      </header>
      {/* On a phone the plan and its meter come before the chart (dashboard-body in auth.css), where
          they were some 1,300 px down; on a desktop the chart stays above the cards, whose heights
          change as their data arrives, so nothing moves it. A first run's guidance is known only once
          the data arrives, so it comes last, where appearing moves nothing already painted. */}
      <div className="dashboard-body">
        <MetricCards state={state} />
        <UsageChart state={state} />
        <div className="dashboard-grid">
          <SubscriptionCard state={state} activating={activating} onRetry={onRetry} />
          {skeleton ? <WindowsDownloadCard latest={VERSION_LOADING} /> : <LatestWindowsDownloadCard />}
          <AccountCard user={user} onRetry={onRetry} />
        </div>
        {isFirstRun(state) && <FirstRunCard />}
      </div>
    </div>
  );
}

/**
 * What the dashboard shows until its data and session are known: the very layout it loads
 * into, every card in its loading state (aria-busy), so nothing moves when the figures arrive.
 */
export function DashboardSkeleton() {
  return <DashboardView state={LOADING} user={{}} skeleton />;
}
