/** The product's name: docs/decisions.md#1 fills the spec's `{product}` with this one constant. */
export const PRODUCT_NAME = 'Voxpen';

/** spec §7: the installer's file name as the download link gives it. */
export function installerFileName(version: string): string {
  return `${PRODUCT_NAME}_${version}_x64-setup.exe`;
}

/** spec §8: what the home page downloads when the latest release cannot be had. */
export const PLACEHOLDER_FILE_NAME = `${PRODUCT_NAME}-placeholder.txt`;
