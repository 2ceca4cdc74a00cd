/** /download/releases' wording. */
import type { Platform } from '../../../shared/platforms';

/** Each platform as visitors know it. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  'windows-x86_64': 'Windows (64-bit)',
  'windows-aarch64': 'Windows on Arm',
  'windows-i686': 'Windows (32-bit)',
  'windows-armv7': 'Windows (ARMv7)',
  'darwin-aarch64': 'Mac with Apple silicon',
  'darwin-x86_64': 'Mac with Intel processor',
  'darwin-i686': 'Mac (32-bit)',
  'darwin-armv7': 'Mac (ARMv7)',
  'linux-x86_64': 'Linux (64-bit)',
  'linux-aarch64': 'Linux (Arm 64-bit)',
  'linux-i686': 'Linux (32-bit)',
  'linux-armv7': 'Linux (ARMv7)',
};

export const releasesTexts = {
  heading: 'Release notes',
  lead: 'Every version of the desktop app, newest first, with what changed.',
  loading: 'Loading release notes...',
  failed: 'The release notes could not be loaded just now. Please try again in a few minutes.',
  none: 'No release has been published yet.',
  noNotes: 'No notes for this version.',
  download: (version: string) => `Download ${version}`,
  back: 'Back to Download',
} as const;
