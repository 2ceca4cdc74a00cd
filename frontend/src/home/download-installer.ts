/**
 * The home page's Download Now (spec §2, §7, §8): the newest installer under its product file name,
 * or, when that cannot be had, a small placeholder text file so the click still gives the visitor
 * something that says what happened. Loaded on click, so the home page ships no HTTP client.
 */
import { DEFAULT_PLATFORM, type Platform } from '../../../shared/platforms';
import { PLACEHOLDER_FILE_NAME, PRODUCT_NAME } from '../../../shared/product';
import { downloadTexts } from '../../../shared/texts/download';
import { fetchLatestVersion } from '../api/latest-version';
import { installerFile } from './installer-file';

export const PLACEHOLDER_TEXT = `The ${PRODUCT_NAME} installer could not be downloaded just now.\nPlease try again in a few minutes, or visit https://voxpen.app/download.\n`;

function save(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The newest installer of `platform` (default the Windows build), saved under its Tauri file name. */
export async function downloadLatestInstaller(fetchLatest = fetchLatestVersion, platform: Platform = DEFAULT_PLATFORM): Promise<'installer' | 'placeholder'> {
  try {
    const release = await fetchLatest(platform);
    if (!release.download_url) throw new Error(downloadTexts.noUrl);
    save(release.download_url, installerFile(platform, release.version));
    return 'installer';
  } catch (error) {
    console.error('Could not download the latest installer', error);
    const url = URL.createObjectURL(new Blob([PLACEHOLDER_TEXT], { type: 'text/plain' }));
    save(url, PLACEHOLDER_FILE_NAME);
    // Revoked later, not at once: the browser reads the blob after the click returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return 'placeholder';
  }
}
