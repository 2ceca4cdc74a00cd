import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { FocusedAlert } from '../../components/FocusedAlert';
import { RetryNotice } from '../../components/RetryNotice';
import { useSettled, type Deferred } from '../../hooks/use-settled';
import { accountFailure } from '../../api/account';
import type { Listing } from './account-data';
import { accountTexts } from './account-texts';

/**
 * An /account list whose items are removed one at a time (the account's passkeys, where it is signed
 * in): the loader's read until this page changes it, then the list as changed here. A removal says
 * its outcome in the section's live region (`done`) and moves focus to the section's heading, so the
 * keyboard is not left on a button that is gone; an item already gone elsewhere (404) leaves the list
 * with the reason.
 */
export function useRemovableList<T extends { id: string }>(
  read: Deferred<Listing<T>>,
  removeOne: (item: T) => Promise<{ message: string }>,
  readAgain: () => Promise<Listing<T>>,
) {
  const settled = useSettled(read);
  const [changed, setChanged] = useState<{ step: 'loading' } | Listing<T>>();
  const list: { step: 'loading' } | Listing<T> = changed ?? settled ?? { step: 'loading' };
  const [removing, setRemoving] = useState<string>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  // Each refusal's alert is a new one (its key), so it takes focus and is read out again.
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const drop = (id: string) => list.step === 'ready' && setChanged({ step: 'ready', items: list.items.filter((i) => i.id !== id) });

  /** Another change of the section's own is under way: what was said of the last one is stale. */
  const clear = () => {
    setDone(undefined);
    setFailure(undefined);
  };

  const remove = async (item: T) => {
    setRemoving(item.id);
    clear();
    try {
      const answer = await removeOne(item);
      flushSync(() => {
        drop(item.id);
        setDone(answer.message);
      });
      heading.current?.focus();
    } catch (error) {
      const refused = accountFailure(error, accountTexts.failed);
      if (refused.status === 404) drop(item.id);
      setFailure(refused.message);
      setAttempt((a) => a + 1);
    } finally {
      setRemoving(undefined);
    }
  };

  /** After a failed read (Retry): the list read again, loading meanwhile. */
  const retry = async () => {
    setChanged({ step: 'loading' });
    setChanged(await readAgain());
  };

  /** The list as the section read it again after a change of its own (an addition), and what to say of it. */
  const replace = (next: Listing<T>, message: string) => {
    setChanged(next);
    setDone(message);
  };

  return { list, heading, removing, done, remove, clear, replace, retry, failure, attempt };
}

export type RemovableList<T extends { id: string }> = ReturnType<typeof useRemovableList<T>>;

/** An item's Remove button: what it says, busy and otherwise, and its label naming the item. */
export interface RemoveButton {
  label: string;
  busyLabel: string;
  ariaLabel: string;
}

/**
 * The list's body: a failed removal's alert (focused, each anew), the loading and failed lines, the
 * empty line (where the section has one), and each item with its Remove button (none where
 * `button` gives none). Every button waits while one removal, or `busy` (another change), is under way.
 */
export function RemovableItems<T extends { id: string }>({
  state,
  labelledBy,
  texts,
  about,
  button,
  busy = false,
}: {
  state: RemovableList<T>;
  labelledBy: string;
  texts: { loading: string; failed: string; none?: string };
  about: (item: T) => ReactNode;
  button: (item: T) => RemoveButton | undefined;
  busy?: boolean;
}) {
  const { list, failure, attempt, removing, remove, retry } = state;
  return (
    <>
      {failure && (
        <FocusedAlert key={attempt} className="form-alert">
          {failure}
        </FocusedAlert>
      )}
      {list.step === 'loading' && <p className="muted">{texts.loading}</p>}
      {list.step === 'failed' && <RetryNotice failure={list.failure} failed={texts.failed} onRetry={retry} />}
      {list.step === 'ready' && list.items.length === 0 && texts.none !== undefined && <p className="muted">{texts.none}</p>}
      {list.step === 'ready' && (list.items.length > 0 || texts.none === undefined) && (
        <ul className="removable-list" aria-labelledby={labelledBy}>
          {list.items.map((item) => {
            const removal = button(item);
            return (
              <li key={item.id} className="removable-item">
                <div className="removable-item-about">{about(item)}</div>
                {removal && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => remove(item)}
                    disabled={busy || removing !== undefined}
                    aria-busy={removing === item.id || undefined}
                    aria-label={removal.ariaLabel}
                  >
                    {removing === item.id ? removal.busyLabel : removal.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
