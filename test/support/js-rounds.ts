/**
 * Request rounds for a page's JavaScript: how many network round trips one after another the browser
 * needs before it has every chunk. A chunk the HTML names (a module script or a modulepreload link;
 * Chromium's initiator is the parser) is round 1. Any other chunk was asked for by running code: a
 * static import the HTML did not preload, a dynamic import, or the link vite's preload helper adds.
 * Chromium names no script for those (the initiator is "about:client", without a stack), so such a
 * chunk counts one round after the latest round among the chunks that had fully arrived before it
 * was asked for: it could not have been asked for sooner than they arrived.
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
  /** DevTools protocol timestamps (seconds, one monotonic clock): asked for, and body fully arrived. */
  sentAt: number;
  finishedAt: number;
}

/** Each script's round, by URL. */
export function jsRounds(scripts: readonly ScriptRequest[]): Map<string, number> {
  const rounds = new Map<string, number>();
  const done: { finishedAt: number; round: number }[] = [];
  for (const script of [...scripts].sort((a, b) => a.sentAt - b.sentAt)) {
    if (rounds.has(script.url)) continue;
    const before = script.initiator.type === 'parser' ? [] : done.filter((d) => d.finishedAt <= script.sentAt).map((d) => d.round);
    const round = Math.max(0, ...before) + 1;
    rounds.set(script.url, round);
    done.push({ finishedAt: script.finishedAt, round });
  }
  return rounds;
}

export function roundCount(scripts: readonly ScriptRequest[]): number {
  return Math.max(0, ...jsRounds(scripts).values());
}
