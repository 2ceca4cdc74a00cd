import { RETENTION } from '../../../shared/marketing';
import { DownloadNowButton, VersionLine } from '../components/InstallerDownload';
import { useLatestVersion } from '../hooks/use-latest-version';

const FEATURES = [
  { title: 'Works everywhere you write', body: 'Dictate into any app: documents, email, notes and chat.' },
  { title: 'Private by design', body: `Recordings are kept ${RETENTION.recordingsDays} days, then deleted. Your words stay yours.` },
  { title: 'Always up to date', body: 'The app updates itself quietly, so you always have the newest features.' },
];

/** spec §9: system requirements of the 64-bit Windows build. */
export const SYSTEM_REQUIREMENTS = [
  'Windows 10 or 11 (64-bit)',
  '4GB RAM minimum (8GB recommended)',
  '500MB free disk space',
  'A microphone',
  'Internet connection for cloud features',
];

export function DownloadPage() {
  const latest = useLatestVersion();

  return (
    <div className="page">
      <section className="hero container">
        <h1>Download for Windows</h1>
        <p className="lead">Install the desktop app and start turning your voice into writing in minutes.</p>
        <DownloadNowButton latest={latest} className="btn btn-primary btn-lg" describedBy="version-line" />
        <VersionLine latest={latest} id="version-line" />
      </section>
      <section className="container cards three" aria-label="Why the desktop app">
        {FEATURES.map((f) => (
          <article key={f.title} className="card">
            <h2>{f.title}</h2>
            <p>{f.body}</p>
          </article>
        ))}
      </section>
      <section className="container narrow">
        <h2>System requirements</h2>
        <ul className="checklist">
          {SYSTEM_REQUIREMENTS.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default DownloadPage;
