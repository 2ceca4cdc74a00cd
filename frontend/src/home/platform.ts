import type { DesktopPlatformName } from '../../../shared/texts/desktop';
import { useRead } from '../hooks/use-read';

export type Platform = 'windows' | 'mac';
/** A Mac's processor as its desktop build names it (shared/platforms.ts): Apple silicon or Intel. */
export type MacArch = 'aarch64' | 'x86_64';

interface NavigatorLike {
  userAgent?: string;
  platform?: string;
  userAgentData?: { platform?: string; getHighEntropyValues?: (hints: string[]) => Promise<{ architecture?: string }> };
}

const currentNavigator = (): NavigatorLike | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

const platformHint = (nav: NavigatorLike | undefined) => [nav?.userAgentData?.platform, nav?.platform, nav?.userAgent].filter(Boolean).join(' ');

/** spec §2: Apple devices are Mac visitors; everyone else gets the Windows build (the one always published). */
export function detectPlatform(nav: NavigatorLike | undefined = currentNavigator()): Platform {
  return /mac|iphone|ipad|ipod/i.test(platformHint(nav)) ? 'mac' : 'windows';
}

/**
 * The desktop system this browser runs on, for saying which app a desktop sign-in signs in (the app
 * runs on the same computer: it opened this browser). Unlike detectPlatform, which must offer some
 * download, it guesses nothing: a system it cannot tell (a phone, an unknown agent) is undefined.
 */
export function desktopPlatformName(nav: NavigatorLike | undefined = currentNavigator()): DesktopPlatformName | undefined {
  const hint = platformHint(nav);
  if (/iphone|ipad|ipod|android/i.test(hint)) return undefined;
  if (/win/i.test(hint)) return 'Windows';
  if (/mac/i.test(hint)) return 'Mac';
  if (/linux|x11|cros/i.test(hint)) return 'Linux';
  return undefined;
}

/**
 * A Mac's processor, where the browser tells: Chromium answers the `architecture` client hint ('arm'
 * or 'x86'). Safari and Firefox do not (their user agent says "Intel Mac OS X" on Apple silicon too),
 * so then it is unknown and the visitor is offered both Mac builds.
 */
export async function detectMacArch(nav: NavigatorLike | undefined = currentNavigator()): Promise<MacArch | undefined> {
  const data = nav?.userAgentData;
  if (!data?.getHighEntropyValues) return undefined;
  try {
    const { architecture } = await data.getHighEntropyValues(['architecture']);
    return architecture === 'arm' ? 'aarch64' : architecture === 'x86' ? 'x86_64' : undefined;
  } catch {
    return undefined;
  }
}

export interface Visitor {
  platform: Platform;
  arch?: MacArch;
}

async function detectVisitor(): Promise<Visitor> {
  const platform = detectPlatform();
  const arch = platform === 'mac' ? await detectMacArch() : undefined;
  return arch ? { platform, arch } : { platform };
}

/**
 * Undefined while prerendering and hydrating (the markup is the Windows one, so hydration matches),
 * then the visitor's platform and, on a Mac, its processor when the browser tells.
 */
export function useVisitor(): Visitor | undefined {
  const { state } = useRead(detectVisitor, 'visitor');
  return state.status === 'done' ? state.value : undefined;
}
