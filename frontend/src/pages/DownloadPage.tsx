import { Link } from 'react-router';
import { RETENTION } from '../../../shared/marketing';
import { AppleIcon } from '../components/icons';
import { DownloadNowButton, VersionLine } from '../components/InstallerDownload';
import { platformTexts } from '../home/download-texts';
import { installerFile } from '../home/installer-file';
import type { MacBuilds, MacPlatform } from '../home/offer';
import { useOffer } from '../home/use-offer';
import type { LatestVersionState } from '../hooks/use-latest-version';

const FEATURES = [
  { title: 'Works everywhere you write', body: 'Dictate into any app: documents, email, notes and chat.' },
  { title: 'Private by design', body: `Recordings are kept ${RETENTION.recordingsDays} days, then deleted. Your words stay yours.` },
  { title: 'Always up to date', body: 'The app updates itself quietly, so you always have the newest features.' },
];

/** spec §9: system requirements of the 64-bit Windows build; a Mac build's first line is macOS's. */
export const SYSTEM_REQUIREMENTS = [
  'Windows 10 or 11 (64-bit)',
  '4GB RAM minimum (8GB recommended)',
  '500MB free disk space',
  'A microphone',
  'Internet connection for cloud features',
];

/** A Mac build's download link, under Tauri's file name for it. */
function MacButton({ platform, builds, label, icon = false }: { platform: MacPlatform; builds: MacBuilds; label: string; icon?: boolean }) {
  const release = builds[platform]!;
  return (
    <a className="btn btn-primary btn-lg" href={release.download_url} download={installerFile(platform, release.version)} aria-describedby="version-line">
      {icon ? <AppleIcon /> : null}
      <span>{label}</span>
    </a>
  );
}

/**
 * /download (spec §2): the Windows build, as prerendered. After hydration a Mac visitor is offered the
 * Mac build for their processor, or both Mac builds when the browser does not tell (Safari), or, with
 * no Mac build published, told the Mac version is coming and offered the Windows build by name
 * ('Download for Windows (64-bit)'). Every build's version comes from the one release list read.
 * A list that could not be read says so and offers to read it again; a list read with no Windows
 * release says no download is available.
 */
export function DownloadPage() {
  const { offer, builds, windows: windowsRelease, failed, retry } = useOffer({ forEveryone: true });
  const windows: LatestVersionState = failed
    ? { status: 'failed', retry }
    : windowsRelease === undefined
      ? { status: 'loading' }
      : windowsRelease === null
        ? { status: 'none' }
        : { status: 'ready', release: windowsRelease };
  const mac = offer.kind === 'mac' && builds ? { platforms: offer.platforms, chosen: offer.chosen, builds } : undefined;
  const forWindowsByName = offer.kind === 'windows-for-mac';
  // A Mac visitor sees no version until the Mac builds are known: not the Windows one, then the Mac one.
  const latest: LatestVersionState = mac
    ? { status: 'ready', release: mac.builds[mac.platforms[0]!]! }
    : offer.kind === 'mac-unknown' && builds === undefined
      ? { status: 'loading' }
      : windows;

  return (
    <div className="page">
      {/* What changes after hydration keeps its room: the heading two lines on narrow screens, both leads and both button labels laid out. */}
      <section className="hero container download-hero">
        <h1>{mac ? platformTexts.headingMac : 'Download for Windows'}</h1>
        <p className="lead stack">
          <span aria-hidden={forWindowsByName || undefined}>Install the desktop app and start turning your voice into writing in minutes.</span>
          <span aria-hidden={!forWindowsByName || undefined}>{platformTexts.macComingLead}</span>
        </p>
        {!mac ? (
          <DownloadNowButton
            latest={latest}
            className="btn btn-primary btn-lg"
            describedBy="version-line"
            label={
              <span className="label-stack">
                <span aria-hidden={forWindowsByName || undefined}>Download Now (64-bit)</span>
                <span aria-hidden={!forWindowsByName || undefined}>{platformTexts.windowsButton}</span>
              </span>
            }
          />
        ) : mac.chosen ? (
          <MacButton platform={mac.chosen} builds={mac.builds} label={platformTexts.macButton(mac.chosen)} />
        ) : (
          <div className="download-choice">
            {mac.platforms.map((p) => (
              <MacButton key={p} platform={p} builds={mac.builds} label={platformTexts.macChoice(p)} icon />
            ))}
          </div>
        )}
        <VersionLine latest={latest} id="version-line" />
        <p className="small">
          <Link to="/download/releases">{platformTexts.releaseNotesLink}</Link>
        </p>
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
          {(mac ? [platformTexts.macSystem, ...SYSTEM_REQUIREMENTS.slice(1)] : SYSTEM_REQUIREMENTS).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default DownloadPage;
