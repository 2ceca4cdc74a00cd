import { useFetcher } from 'react-router';
import { useFieldWiring, type FieldsOutcome } from './use-field-wiring';

/**
 * One form of a page with several, sent through the route's action by a fetcher: a hidden `intent`
 * field tells the action which form it is, and the page stays (the other forms keep their state).
 * `key` names the fetcher, so the page can read the same answer to move on. `busy` from the press
 * until the answer; the answer shown only once it is in; the fields wired as useFieldWiring does.
 */
export function useIntentForm<O extends FieldsOutcome<F>, F extends string>(intent: string, order: readonly F[], key: string = intent) {
  const fetcher = useFetcher<O>({ key });
  const busy = fetcher.state !== 'idle';
  const outcome = busy ? undefined : fetcher.data;
  return {
    Form: fetcher.Form,
    /** Sends the form's data as its own submit would, with anything the page added (a passkey's proof). */
    submit: fetcher.submit,
    /** The hidden field that tells the action which form this is. */
    intent: { type: 'hidden', name: 'intent', value: intent } as const,
    busy,
    outcome,
    field: useFieldWiring(outcome, order, busy),
  };
}
