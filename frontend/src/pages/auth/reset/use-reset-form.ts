import { useCallback } from 'react';
import { useFetcher } from 'react-router';
import type { ResetOutcome } from './reset-action';

/**
 * One reset form, sent through the route's action by a keyed fetcher (the page reads the same key to
 * move on). The first field with a problem takes focus, so its message is read out: a ref callback
 * new with each answer, so the same field is focused again after another refused submission.
 */
export function useResetForm<F extends string>(intent: string, order: readonly F[]) {
  const fetcher = useFetcher<ResetOutcome>({ key: intent });
  const busy = fetcher.state !== 'idle';
  const outcome = busy ? undefined : fetcher.data;
  const errors: Partial<Record<string, string>> = outcome?.fields ?? {};
  const firstInvalid = order.find((f) => errors[f]);
  const focusInvalid = useCallback((input: HTMLInputElement | null) => void (outcome && input?.focus()), [outcome]);
  return {
    Form: fetcher.Form,
    intent: { type: 'hidden', name: 'intent', value: intent } as const,
    busy,
    outcome,
    field: (name: F) => ({ name, error: errors[name], disabled: busy, ref: firstInvalid === name ? focusInvalid : undefined }),
  };
}
