/**
 * The platforms a desktop release is built for, named as Tauri's updater names them: `{target}-{arch}`,
 * the two values it puts in the update endpoint's path (`/api/updates/{target}/{arch}/{current_version}`).
 */
export const UPDATE_TARGETS = ['windows', 'darwin', 'linux'] as const;
export const UPDATE_ARCHS = ['x86_64', 'aarch64', 'i686', 'armv7'] as const;

export type UpdateTarget = (typeof UPDATE_TARGETS)[number];
export type UpdateArch = (typeof UPDATE_ARCHS)[number];
export type Platform = `${UpdateTarget}-${UpdateArch}`;

/** Every platform, in the order pages list them: Windows first (today's only build), then Mac, then Linux. */
export const PLATFORMS: readonly Platform[] = UPDATE_TARGETS.flatMap((target) => UPDATE_ARCHS.map((arch) => `${target}-${arch}` as const));

/** What `/api/latest-version` answers without `?platform=`, so the callers from before platforms are unchanged. */
export const DEFAULT_PLATFORM: Platform = 'windows-x86_64';

/**
 * Releases published before platforms took Tauri's names were stored under `windows-x64`; they are
 * read as `windows-x86_64` releases (the same 64-bit Windows build) rather than rewritten.
 */
export const LEGACY_PLATFORM_KEYS: Partial<Record<Platform, string>> = { 'windows-x86_64': 'windows-x64' };

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** A platform by its name, or by its legacy storage name (`windows-x64`); undefined when unknown. */
export function platformNamed(value: string): Platform | undefined {
  if (isPlatform(value)) return value;
  return PLATFORMS.find((platform) => LEGACY_PLATFORM_KEYS[platform] === value);
}
