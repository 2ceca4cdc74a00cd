import { ProtectedRoute } from '../../auth/ProtectedRoute';
import { DownloadNowButton, VersionLine } from '../../components/InstallerDownload';
import { useLatestVersion } from '../../hooks/use-latest-version';
import { MetricCards } from './MetricCards';
import { SubscriptionCard } from './SubscriptionCard';
import { useProfile } from './use-profile';

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

function AccountCard({ user }: { user: { email?: string; name?: string } }) {
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
    </article>
  );
}

/** spec §2 /dashboard: header, metric cards, the Windows download card, the subscription card. */
function Dashboard() {
  const profile = useProfile();

  return (
    <div className="container">
      <header className="dashboard-header">
        <h1>Dashboard</h1>
        <p className="lead">Manage your account and subscription</p>
      </header>
      <MetricCards state={profile} />
      <div className="dashboard-grid">
        <SubscriptionCard state={profile} activating={profile.activating} />
        <WindowsDownloadCard />
        <AccountCard user={profile} />
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
