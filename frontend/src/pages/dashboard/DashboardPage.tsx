import { useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import { ProtectedRoute } from '../../auth/ProtectedRoute';
import { Spinner } from '../../auth/Spinner';
import { DownloadNowButton, VersionLine } from '../../components/InstallerDownload';
import { useLatestVersion } from '../../hooks/use-latest-version';
import { useSettled } from '../../hooks/use-settled';
import { cameFromCheckout } from './checkout-return';
import { LOADING, loadDashboard, useActivation, type Account, type DashboardData } from './dashboard-data';
import { MetricCards } from './MetricCards';
import { SubscriptionCard } from './SubscriptionCard';
import { UsageChart } from './UsageChart';
import './usage.css';

export { loadDashboard as loader };

/** Read once per visit, as the page always did: following a link to /dashboard from /dashboard reads nothing again. */
export const shouldRevalidate = () => false;

/** spec §2, §4: a spinner while the loader checks the session (the first load of /dashboard). */
export function HydrateFallback() {
  return <Spinner />;
}

function WindowsDownloadCard() {
  const latest = useLatestVersion();
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

function AccountCard({ user }: { user: Account }) {
  return (
    <article className="card">
      <h2>Your account</h2>
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

/** spec §2 /dashboard: header, metric cards, the last 12 months (issue 14), the subscription, Windows download and account cards. */
function Dashboard() {
  const data = useLoaderData<DashboardData>();
  const location = useLocation();
  // Read once: the dashboard's own later navigation does not start another wait.
  const [fromCheckout] = useState(() => cameFromCheckout(location.state));
  const record = useSettled(data.record);
  const { state, activating } = useActivation(useSettled(data.profile) ?? LOADING, fromCheckout);
  const fromProfile = state.status === 'ready' ? state.profile : undefined;

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
        <WindowsDownloadCard />
        <AccountCard user={{ email: record?.email ?? fromProfile?.email, name: record?.name ?? fromProfile?.name }} />
      </div>
    </div>
  );
}

export function DashboardPage() {
  return (
    <ProtectedRoute>
      <Dashboard />
    </ProtectedRoute>
  );
}

export default DashboardPage;
