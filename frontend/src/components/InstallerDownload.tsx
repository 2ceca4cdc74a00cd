import { useRef, type ReactNode } from 'react';
import { formatReleaseDate } from '../../../shared/format';
import { installerFileName } from '../../../shared/product';
import { downloadTexts } from '../../../shared/texts/download';
import type { LatestVersionState } from '../hooks/use-latest-version';
import { failureSentence } from './RetryNotice';

/**
 * spec §2 /download: 'Version {version} | Released {date}', or 'Loading version info...' until known;
 * 'No download URL available' when nothing is published (or the release has no installer address).
 * A read that failed says so apart (the service away as RetryNotice says it), with Retry: it keeps keyboard focus on this line,
 * which stays in place whatever the answer, instead of losing it with the button.
 */
export function VersionLine({ latest, id, className = 'muted' }: { latest: LatestVersionState; id?: string; className?: string }) {
  const line = useRef<HTMLParagraphElement>(null);
  const text =
    latest.status === 'ready'
      ? latest.release.download_url
        ? downloadTexts.versionLine(latest.release.version, formatReleaseDate(latest.release.pub_date))
        : downloadTexts.noUrl
      : latest.status === 'none'
        ? downloadTexts.noUrl
        : latest.status === 'failed'
          ? failureSentence(latest.failure ?? { kind: 'failed' }, downloadTexts.unavailable)
          : downloadTexts.loading;
  return (
    <p id={id} ref={line} className={className} aria-live="polite" tabIndex={-1}>
      {text}
      {latest.status === 'failed' ? (
        <>
          {' '}
          <button
            type="button"
            className="btn btn-ghost version-retry"
            onClick={() => {
              line.current?.focus();
              latest.retry();
            }}
          >
            {downloadTexts.retry}
          </button>
        </>
      ) : null}
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
