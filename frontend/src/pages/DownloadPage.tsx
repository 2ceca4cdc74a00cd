import { Link } from 'react-router';
import { RETENTION } from '../../../shared/marketing';
import { AppleIcon } from '../components/icons';
import { DownloadNowButton, VersionLine } from '../components/InstallerDownload';
import { platformTexts } from '../home/download-texts';
import { installerFile, type MacBuilds, type MacPlatform } from '../home/offer';
import { useOffer } from '../home/use-offer';
import { useLatestVersion, type LatestVersionState } from '../hooks/use-latest-version';

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

const LEAD = 'Install the desktop app and start turning your voice into writing in minutes.';
/** To a Mac visitor with no Mac build: as long as LEAD, so it wraps like it and moves nothing. */
const LEAD_MAC_COMING = `${platformTexts.macComing} Meanwhile, the Windows app is ready to install.`;

/** A Mac build's download link, under Tauri's file name for it. */
function MacButton({ platform, builds, label }: { platform: MacPlatform; builds: MacBuilds; label: string }) {
  const release = builds[platform]!;
  return (
    <a className="btn btn-primary btn-lg" href={release.download_url} download={installerFile(platform, release.version)} aria-describedby="version-line">
      <AppleIcon />
      <span>{label}</span>
    </a>
  );
}

/**
 * /download (spec §2): the Windows build, as prerendered. After hydration a Mac visitor is offered the
 * Mac build for their processor, or both Mac builds when the browser does not tell (Safari), or, with
 * no Mac build published, told the Mac version is coming and offered the Windows build by name.
 */
export function DownloadPage() {
  const { offer, builds } = useOffer();
  const windows = useLatestVersion();
  const mac = offer.kind === 'mac' && builds ? { platforms: offer.platforms, chosen: offer.chosen, builds } : undefined;
  const latest: LatestVersionState = mac ? { status: 'ready', release: mac.builds[mac.platforms[0]!]! } : windows;

  return (
    <div className="page">
      <section className="hero container">
        <h1>{mac ? platformTexts.headingMac : 'Download for Windows'}</h1>
        <p className="lead">{offer.kind === 'windows-for-mac' ? LEAD_MAC_COMING : LEAD}</p>
        {!mac ? (
          <DownloadNowButton
            latest={windows}
            className="btn btn-primary btn-lg"
            describedBy="version-line"
            label={offer.kind === 'windows-for-mac' ? platformTexts.windowsButton : undefined}
          />
        ) : mac.chosen ? (
          <MacButton platform={mac.chosen} builds={mac.builds} label={platformTexts.macButton(mac.chosen)} />
        ) : (
          <div className="download-choice">
            {mac.platforms.map((p) => (
              <MacButton key={p} platform={p} builds={mac.builds} label={platformTexts.macChoice(p)} />
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
          {SYSTEM_REQUIREMENTS.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default DownloadPage;
