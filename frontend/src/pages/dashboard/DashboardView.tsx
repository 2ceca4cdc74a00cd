import { Link } from 'react-router';
import { billingUiTexts } from '../../../../shared/texts/plans-ui';
import { DEFAULT_PLATFORM } from '../../../../shared/platforms';
import { DownloadNowButton, VersionLine } from '../../components/InstallerDownload';
import { useLatestVersion, type LatestVersionState } from '../../hooks/use-latest-version';
import { RetryNotice } from '../../components/RetryNotice';
import { LOADING, type Account, type ProfileState } from './dashboard-data';
import { MetricCards } from './MetricCards';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageChart } from './UsageChart';
import { firstRunSteps } from './first-run';
import { FirstRunChecklist, showsChecklist } from './FirstRunChecklist';
import './usage.css';

/** spec §2's Windows download card; while the first-run checklist carries the download, its link to every download instead. */
function WindowsDownloadCard({ latest, checklistDownloads = false }: { latest: LatestVersionState; checklistDownloads?: boolean }) {
  return (
    <article className="card">
      <h2>Voxpen for Windows</h2>
      <VersionLine latest={latest} />
      <div className="card-actions">
        {checklistDownloads ? (
          <Link to="/download" className="btn btn-ghost">
            {billingUiTexts.firstRun.allDownloads}
          </Link>
        ) : (
          <DownloadNowButton latest={latest} className="btn btn-primary" />
        )}
      </div>
    </article>
  );
}

/** The latest release, read once for the page (the checklist's download and the Windows card); none in the loading view. */
function useDashboardVersion(skeleton: boolean): LatestVersionState {
  return useLatestVersion(DEFAULT_PLATFORM, !skeleton);
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
 * spec §2 /dashboard: header, a new account's first-run checklist, metric cards, the last 12 months, the
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
  const latest = useDashboardVersion(skeleton);
  const steps = firstRunSteps(state);
  return (
    <div className="container">
      <header className="dashboard-header">
        <h1>Dashboard</h1>
        <p className="lead">Manage your account and subscription</p>
      </header>
      {/* A new account's checklist leads (the loading view keeps its room unless this browser has
          seen it done: first-run.ts). On a phone the plan and its meter come before the chart
          (dashboard-body in auth.css), where they were some 1,300 px down; on a desktop the chart
          stays above the cards, whose heights change as their data arrives, so nothing moves it. */}
      <div className="dashboard-body">
        {state.status !== 'error' && <FirstRunChecklist steps={steps} latest={latest} />}
        <MetricCards state={state} />
        <UsageChart state={state} firstRun={steps !== undefined && !steps.dictated} />
        <div className="dashboard-grid">
          <SubscriptionCard state={state} activating={activating} onRetry={onRetry} />
          <WindowsDownloadCard latest={latest} checklistDownloads={steps !== undefined && showsChecklist(steps)} />
          <AccountCard user={user} onRetry={onRetry} />
        </div>
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
