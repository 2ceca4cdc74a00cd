import type { Platform } from '../../../shared/platforms';
import { installerFileName, PRODUCT_NAME } from '../../../shared/product';

/**
 * The installer's file name as Tauri's bundler names it: `{product}_{version}_x64-setup.exe` (spec §7),
 * `{product}_{version}_aarch64.dmg` and `{product}_{version}_x64.dmg`. Not on the home page's first
 * load: its download module loads on click.
 */
export function installerFile(platform: Platform, version: string): string {
  if (platform === 'darwin-aarch64') return `${PRODUCT_NAME}_${version}_aarch64.dmg`;
  if (platform === 'darwin-x86_64') return `${PRODUCT_NAME}_${version}_x64.dmg`;
  return installerFileName(version);
}
