import { useState } from 'react';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { useSettled, type Deferred } from '../../hooks/use-settled';

/** A read an /account section shows once it lands (the loader starts it, ./account-data.ts); a failure is shown in the section. */
export type SectionRead<T> = { step: 'failed'; failure: ReadFailure } | { step: 'ready'; value: T };

export async function sectionRead<T>(read: () => Promise<T>, what: string): Promise<SectionRead<T>> {
  try {
    return { step: 'ready', value: await read() };
  } catch (error) {
    console.error(`Could not read ${what}`, error);
    return { step: 'failed', failure: readFailure(error) };
  }
}

/**
 * The loader's read of a section until its Retry reads again (docs/decisions.md#24: one Retry, no
 * "reload the page"); undefined while either is under way.
 */
export function useSectionRead<T>(loaded: Deferred<SectionRead<T>>, readAgain: () => Promise<SectionRead<T>>) {
  const settled = useSettled(loaded);
  const [again, setAgain] = useState<{ read?: SectionRead<T> }>();
  const retry = async () => {
    setAgain({});
    setAgain({ read: await readAgain() });
  };
  return { read: again ? again.read : settled, retry };
}
