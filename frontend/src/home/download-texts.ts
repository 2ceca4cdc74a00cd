/**
 * The platform-aware download wording (issue 17) of the home page, /download and /download/releases.
 * Kept beside the pages rather than in shared/texts.ts, which every page loads.
 */
import type { Platform } from '../../../shared/platforms';

export const platformTexts = {
  /** Replaces spec §2's 'Available on Windows & Mac OS' once the page knows no Mac build is published. */
  availableWindowsOnly: 'Available on Windows · Mac OS coming soon',
  /** /download's lead to a Mac visitor with no Mac build. */
  macComingLead: 'The Mac version is coming soon. Until then, here is the app for Windows.',
  /** Home's button for a Mac visitor without a Mac build: the Windows build by name. */
  downloadForWindows: 'Download for Windows',
  /** /download's heading for a Mac visitor offered a Mac build (spec §2's 'Download for Windows' otherwise). */
  headingMac: 'Download for Mac',
  /** /download's button for a Mac visitor without a Mac build (spec's 'Download Now (64-bit)' otherwise). */
  windowsButton: 'Download for Windows (64-bit)',
  macButton: (platform: 'darwin-aarch64' | 'darwin-x86_64') => `Download Now (${platform === 'darwin-aarch64' ? 'Apple silicon' : 'Intel'})`,
  /** The buttons side by side when the browser did not tell the Mac's processor (under 'Download for Mac'). */
  macChoice: (platform: 'darwin-aarch64' | 'darwin-x86_64') => (platform === 'darwin-aarch64' ? 'Apple silicon' : 'Intel'),
  releaseNotesLink: 'Release notes',
} as const;

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
