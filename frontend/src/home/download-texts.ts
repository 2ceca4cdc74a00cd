/**
 * The platform-aware download wording of the home page and /download. Kept beside the
 * pages, the only ones that use it (shared/texts/ holds the words the API shares with the pages);
 * /download/releases has its own.
 */
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
  /** /download's first system requirement when a Mac build is offered (Tauri 2 apps run on macOS 10.15 and later). */
  macSystem: 'macOS 10.15 Catalina or later (Apple silicon or Intel)',
} as const;
