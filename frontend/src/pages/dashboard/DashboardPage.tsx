import { useEffect, useState } from 'react';
import type { UserRecord } from '../../../../shared/api-types';
import { ensureUserExists } from '../../api/accounts';
import { ProtectedRoute } from '../../auth/ProtectedRoute';
import { DownloadNowButton, VersionLine } from '../../components/InstallerDownload';
import { useLatestVersion } from '../../hooks/use-latest-version';

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

function AccountCard({ user }: { user?: UserRecord }) {
  return (
    <article className="card">
      <h2>Your account</h2>
      {user ? (
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

/** spec §2 /dashboard: header, the Windows download card; on load it ensures the user record exists. */
function Dashboard() {
  const [user, setUser] = useState<UserRecord>();
  useEffect(() => {
    let live = true;
    ensureUserExists()
      .then((record) => live && setUser(record))
      .catch((error: unknown) => console.error('Could not ensure the user record', error));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="container">
      <header className="dashboard-header">
        <h1>Dashboard</h1>
        <p className="lead">Manage your account and subscription</p>
      </header>
      <div className="dashboard-grid">
        <WindowsDownloadCard />
        <AccountCard user={user} />
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
