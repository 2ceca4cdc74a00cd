/**
 * Request rounds for a page's JavaScript: how many network round trips one after another the browser
 * needs before it has every chunk. A chunk the HTML names (a module script or a modulepreload link) is
 * round 1; a chunk that a script asked for (a static import the HTML did not preload, a dynamic
 * import, or the link vite's preload helper adds) can only be asked for once that script arrived, so
 * it is one round after the latest of the scripts on its initiator stack.
 */

/** What Chromium's DevTools protocol says started a request (Network.requestWillBeSent's initiator). */
export interface Initiator {
  type: string;
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] };
}

export interface ScriptRequest {
  url: string;
  initiator: Initiator;
}

function initiatorUrls(initiator: Initiator): string[] {
  const urls = initiator.url ? [initiator.url] : [];
  for (let stack = initiator.stack; stack; stack = stack.parent) urls.push(...stack.callFrames.map((f) => f.url));
  return urls;
}

/** Each script's round, in request order (an initiator is always requested before what it starts). */
export function jsRounds(scripts: readonly ScriptRequest[]): Map<string, number> {
  const rounds = new Map<string, number>();
  for (const { url, initiator } of scripts) {
    if (rounds.has(url)) continue;
    const parents = initiatorUrls(initiator)
      .map((u) => rounds.get(u))
      .filter((r): r is number => r !== undefined);
    rounds.set(url, parents.length ? Math.max(...parents) + 1 : 1);
  }
  return rounds;
}

export function roundCount(scripts: readonly ScriptRequest[]): number {
  return Math.max(0, ...jsRounds(scripts).values());
}
