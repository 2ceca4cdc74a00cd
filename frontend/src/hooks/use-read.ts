import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type ReadState<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

const LOADING = { status: 'loading' } as const;

/**
 * A read a prerendered page makes once it runs in the browser (the releases from the API, what the
 * browser says of its system): a route loader would run at build time or hold the prerendered HTML
 * back, so the page shows its loading state and fills in. `key` names what is read (a new key reads
 * anew, undefined reads nothing); `retry` reads the same again after a failure. Only the latest
 * read's answer counts.
 */
export function useRead<T>(read: () => Promise<T>, key: string | undefined): { state: ReadState<T>; retry: () => void } {
  const [answer, setAnswer] = useState<{ of: string; state: ReadState<T> }>();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const run = useEffectEvent(read);
  const asked = key === undefined ? undefined : `${key}#${attempt}`;
  // An effect: the read goes out to the network (or the browser) after hydration, and an answer
  // arriving after the page has moved on or asked again must not land.
  useEffect(() => {
    if (asked === undefined) return;
    let live = true;
    run().then(
      (value) => live && setAnswer({ of: asked, state: { status: 'done', value } }),
      (error: unknown) => live && setAnswer({ of: asked, state: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [asked]);
  return { state: answer && answer.of === asked ? answer.state : LOADING, retry };
}
