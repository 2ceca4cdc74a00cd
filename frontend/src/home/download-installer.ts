/**
 * The home page's Download Now (spec §2, §7, §8): the newest installer under its product file name,
 * or, when that cannot be had, a small placeholder text file so the click still gives the visitor
 * something that says what happened. Loaded on click, so the home page ships no HTTP client.
 */
import { DEFAULT_PLATFORM, type Platform } from '../../../shared/platforms';
import { PLACEHOLDER_FILE_NAME, PRODUCT_NAME } from '../../../shared/product';
import { downloadTexts } from '../../../shared/texts/download';
import { isApiError } from '../api/client';
import { fetchLatestVersion } from '../api/latest-version';
import { installerFile } from './installer-file';

export const PLACEHOLDER_TEXT = `The ${PRODUCT_NAME} installer could not be downloaded just now.\nPlease try again in a few minutes, or visit https://voxpen.app/download.\n`;
/** Nothing published (the API's 404) or a release without an installer address: trying again would not help. */
export const NO_RELEASE_TEXT = `No ${PRODUCT_NAME} installer is available for download yet.\nVisit https://voxpen.app/download to see when it is.\n`;

function save(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The placeholder saved instead of the installer, saying why; the blob is revoked later, as the browser reads it after the click returns. */
function savePlaceholder(text: string): 'placeholder' {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  save(url, PLACEHOLDER_FILE_NAME);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'placeholder';
}

/** The newest installer of `platform` (default the Windows build), saved under its Tauri file name. */
export async function downloadLatestInstaller(fetchLatest = fetchLatestVersion, platform: Platform = DEFAULT_PLATFORM): Promise<'installer' | 'placeholder'> {
  let release;
  try {
    release = await fetchLatest(platform);
  } catch (error) {
    console.error('Could not download the latest installer', error);
    // The API answers 404 when nothing is published; any other failure may pass.
    return savePlaceholder(isApiError(error) && error.response?.status === 404 ? NO_RELEASE_TEXT : PLACEHOLDER_TEXT);
  }
  if (!release.download_url) {
    console.error('Could not download the latest installer', new Error(downloadTexts.noUrl));
    return savePlaceholder(NO_RELEASE_TEXT);
  }
  save(release.download_url, installerFile(platform, release.version));
  return 'installer';
}
