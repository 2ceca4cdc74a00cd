import { useIntentForm } from '../../hooks/use-intent-form';
import { sectionKey, type SectionOutcome } from './account-actions';

/** One /account section's form: its fetcher keyed by the section's intent (the page reads the leaving forms' answers). */
export function useSectionForm<F extends string>(intent: string, order: readonly F[]) {
  return useIntentForm<SectionOutcome<F>, F>(intent, order, sectionKey(intent));
}
