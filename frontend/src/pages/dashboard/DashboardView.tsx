import { Link } from 'react-router';
import { DownloadNowButton, VersionLine } from '../../components/InstallerDownload';
import { useLatestVersion, type LatestVersionState } from '../../hooks/use-latest-version';
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

function AccountCard({ user }: { user: Account }) {
  return (
    <article className="card" aria-labelledby="account-card-title" aria-busy={!user.email}>
      <h2 id="account-card-title">Your account</h2>
      {user.email ? (
        <p>
          Signed in as <strong>{user.email}</strong>
          {user.name ? <> ({user.name})</> : null}
        </p>
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
 * spec §2 /dashboard: header, metric cards, the last 12 months, the subscription, Windows
 * download and account cards. `skeleton`: the loading view, which asks nothing of the API (a
 * signed-out visit the loader sends on to /signin loads no HTTP code).
 */
export function DashboardView({ state, activating = false, user, skeleton = false }: { state: ProfileState; activating?: boolean; user: Account; skeleton?: boolean }) {
  return (
    <div className="container">
      <header className="dashboard-header">
        <h1>Dashboard</h1>
        <p className="lead">Manage your account and subscription</p>
      </header>
      <MetricCards state={state} />
      <UsageChart state={state} />
      <div className="dashboard-grid">
        <SubscriptionCard state={state} activating={activating} />
        {skeleton ? <WindowsDownloadCard latest={VERSION_LOADING} /> : <LatestWindowsDownloadCard />}
        <AccountCard user={user} />
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
