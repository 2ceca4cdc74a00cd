import type { ReactNode } from 'react';
import { formatReleaseDate } from '../../../shared/format';
import { installerFileName } from '../../../shared/product';
import { downloadTexts } from '../../../shared/texts/download';
import type { LatestVersionState } from '../hooks/use-latest-version';

/** spec §2 /download: 'Version {version} | Released {date}', or 'Loading version info...' until known. */
export function VersionLine({ latest, id, className = 'muted' }: { latest: LatestVersionState; id?: string; className?: string }) {
  return (
    <p id={id} className={className} aria-live="polite">
      {latest.status === 'ready'
        ? downloadTexts.versionLine(latest.release.version, formatReleaseDate(latest.release.pub_date))
        : latest.status === 'error'
          ? downloadTexts.noUrl
          : downloadTexts.loading}
    </p>
  );
}

/**
 * Download Now (64-bit): the installer under its product file name (spec §7), disabled until known.
 * `label` names the build otherwise (/download's 'Download for Windows (64-bit)' to a Mac visitor).
 */
export function DownloadNowButton({ latest, className, describedBy, label = 'Download Now (64-bit)' }: { latest: LatestVersionState; className: string; describedBy?: string; label?: ReactNode }) {
  const release = latest.status === 'ready' ? latest.release : undefined;
  return release?.download_url ? (
    <a className={className} href={release.download_url} download={installerFileName(release.version)}>
      {label}
    </a>
  ) : (
    <button type="button" className={className} disabled aria-describedby={describedBy}>
      {label}
    </button>
  );
}
