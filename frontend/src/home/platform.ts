import { useEffect, useState } from 'react';

export type Platform = 'windows' | 'mac';

interface NavigatorLike {
  userAgent?: string;
  platform?: string;
  userAgentData?: { platform?: string };
}

/** spec §2: Apple devices get the Apple icon; everyone else the Windows one (the build we ship). */
export function detectPlatform(nav: NavigatorLike | undefined = typeof navigator === 'undefined' ? undefined : navigator): Platform {
  const hint = [nav?.userAgentData?.platform, nav?.platform, nav?.userAgent].filter(Boolean).join(' ');
  return /mac|iphone|ipad|ipod/i.test(hint) ? 'mac' : 'windows';
}

/** Windows while prerendering and hydrating, then the visitor's own platform. */
export function usePlatform(): Platform {
  const [platform, setPlatform] = useState<Platform>('windows');
  useEffect(() => setPlatform(detectPlatform()), []);
  return platform;
}
