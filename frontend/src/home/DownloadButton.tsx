import { useState, type MouseEvent } from 'react';
import { AppleIcon, WindowsIcon } from '../components/icons';
import { usePlatform } from './platform';

/**
 * spec §2, §8: Download Now with the visitor's platform icon. A link to /download until the page is
 * interactive (so it works with JavaScript off); then a click downloads the installer directly.
 */
export function DownloadButton() {
  const platform = usePlatform();
  const [busy, setBusy] = useState(false);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { downloadLatestInstaller } = await import('./download-installer');
      await downloadLatestInstaller();
    } finally {
      setBusy(false);
    }
  }

  return (
    <a href="/download" className="btn btn-primary btn-lg" onClick={onClick} aria-busy={busy || undefined} data-platform={platform}>
      {platform === 'mac' ? <AppleIcon /> : <WindowsIcon />}
      <span>Download Now</span>
    </a>
  );
}
