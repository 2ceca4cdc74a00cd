import { useEffect, useState } from 'react';
import type { UserRecord } from '../../../../shared/api-types';
import { formatReleaseDate } from '../../../../shared/format';
import { installerFileName } from '../../../../shared/product';
import { texts } from '../../../../shared/texts';
import { ensureUserExists } from '../../api/accounts';
import { ProtectedRoute } from '../../auth/ProtectedRoute';
import { useLatestVersion } from '../../hooks/use-latest-version';

function WindowsDownloadCard() {
  const latest = useLatestVersion();
  const release = latest.status === 'ready' ? latest.release : undefined;
  return (
    <article className="card">
      <h2>Voxpen for Windows</h2>
      <p className="muted" aria-live="polite">
        {release
          ? texts.download.versionLine(release.version, formatReleaseDate(release.pub_date))
          : latest.status === 'error'
            ? texts.download.noUrl
            : texts.download.loading}
      </p>
      <div className="card-actions">
        {release?.download_url ? (
          <a className="btn btn-primary" href={release.download_url} download={installerFileName(release.version)}>
            Download Now (64-bit)
          </a>
        ) : (
          <button type="button" className="btn btn-primary" disabled>
            Download Now (64-bit)
          </button>
        )}
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
