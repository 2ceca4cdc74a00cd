import { useCallback } from 'react';
import { useFetcher } from 'react-router';
import { sectionKey, type SectionOutcome } from './account-actions';

/**
 * One /account section's form, sent through the route's action by a fetcher (the page stays, other
 * sections keep their state). `busy` from the press until the answer; the answer shown only once it
 * is in. The first field with a problem takes focus, so its message is read out: a ref callback new
 * with each answer, so the same field is focused again after another refused submission.
 */
export function useSectionForm<F extends string>(intent: string, order: readonly F[]) {
  const fetcher = useFetcher<SectionOutcome<F>>({ key: sectionKey(intent) });
  const busy = fetcher.state !== 'idle';
  const outcome = busy ? undefined : fetcher.data;
  const errors: Partial<Record<F, string>> = outcome?.fields ?? {};
  const firstInvalid = order.find((f) => errors[f]);
  const focusInvalid = useCallback((input: HTMLInputElement | null) => void (outcome && input?.focus()), [outcome]);
  return {
    Form: fetcher.Form,
    /** The hidden field that tells the action which form this is. */
    intent: { type: 'hidden', name: 'intent', value: intent } as const,
    busy,
    outcome,
    field: (name: F) => ({ name, error: errors[name], disabled: busy, ref: firstInvalid === name ? focusInvalid : undefined }),
  };
}
