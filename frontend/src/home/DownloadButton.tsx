import { useState, type MouseEvent, type ReactNode } from 'react';
import { homeTexts } from '../../../shared/texts/home';
import { AppleIcon, WindowsIcon } from '../components/icons';
import { platformTexts } from './download-texts';
import { hasMacBuild, type Offer } from './offer';
import { useOffer } from './use-offer';

/**
 * spec §2, §8: Download Now with the visitor's platform icon. A link to /download until the page is
 * interactive (so it works with JavaScript off); then a click downloads the offered installer directly:
 * the Windows build, or the Mac build for the Mac's processor. A Mac visitor whose processor the browser
 * does not tell (Safari), or whose Mac builds are not known yet, follows the link: /download offers both.
 * The Apple icon shows only when a Mac build is what the click gets.
 */
export function DownloadButton({ offer }: { offer: Offer }) {
  const [busy, setBusy] = useState(false);
  const direct = offer.kind === 'windows' || offer.kind === 'windows-for-mac' || (offer.kind === 'mac' && offer.chosen);
  const forWindowsByName = offer.kind === 'windows-for-mac';

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!direct) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { downloadLatestInstaller } = await import('./download-installer');
      await downloadLatestInstaller(undefined, offer.kind === 'mac' ? offer.chosen : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <a href="/download" className="btn btn-primary btn-lg" onClick={onClick} aria-busy={busy || undefined} data-offer={offer.kind}>
      {offer.kind === 'mac' ? <AppleIcon /> : <WindowsIcon />}
      {/* Both labels always take their room (the wider sets the width), so the choice made after hydration moves nothing. */}
      <span className="label-stack">
        <span aria-hidden={forWindowsByName || undefined}>Download Now</span>
        <span aria-hidden={!forWindowsByName || undefined}>{platformTexts.downloadForWindows}</span>
      </span>
    </a>
  );
}

/**
 * The home hero's download: the button, the actions beside it, and the line under them, which keeps
 * spec §2's 'Available on Windows & Mac OS' while a Mac build is published (or it is not known yet) and
 * says Mac OS is coming when none is.
 */
export function HomeDownload({ children }: { children?: ReactNode }) {
  const { offer, builds } = useOffer({ forEveryone: true });
  return (
    <>
      <div className="hero-actions">
        <DownloadButton offer={offer} />
        {children}
      </div>
      <p className="muted small">{builds && !hasMacBuild(builds) ? platformTexts.availableWindowsOnly : homeTexts.available}</p>
    </>
  );
}
