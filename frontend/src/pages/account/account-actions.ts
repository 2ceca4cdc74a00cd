/**
 * What /account's forms send, as its route's action: each form names its intent, the action checks
 * the fields (the first problem of each, as the server would say it), calls the API, and answers
 * what the section shows. The route does not read again after (shouldRevalidate): each section keeps
 * what it changed.
 */
import type { ActionFunctionArgs } from 'react-router';
import type * as z from 'zod/mini';
import { renameBody } from '../../../../shared/schemas/account';
import { emailSchema, signInPasswordSchema } from '../../../../shared/schemas/credentials';
import { accountFailure, changeAccountEmail, renameAccount } from '../../api/account';
import { accountTexts } from './account-texts';

const t = accountTexts;

/** A section form's answer: its success sentence, or its alert, or messages beside its fields. */
export interface SectionOutcome<F extends string = string> {
  message?: string;
  error?: string;
  fields?: Partial<Record<F, string>>;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** Each field's first problem by its schema, or undefined when every field passes. */
function fieldProblems<F extends string>(form: FormData, schemas: Record<F, z.ZodMiniType>): Partial<Record<F, string>> | undefined {
  const found: Partial<Record<F, string>> = {};
  for (const [field, schema] of Object.entries(schemas) as [F, z.ZodMiniType][]) {
    const parsed = schema.safeParse(text(form, field));
    if (!parsed.success) found[field] = parsed.error.issues[0]?.message;
  }
  return Object.keys(found).length ? found : undefined;
}

/** The API's refusal: beside the section's own fields where it names them, else the alert. */
function refusal<F extends string>(error: unknown, own: readonly F[]): SectionOutcome<F> {
  const failure = accountFailure(error, t.failed);
  const fields = Object.fromEntries(Object.entries(failure.fields ?? {}).filter(([field]) => (own as readonly string[]).includes(field))) as Partial<Record<F, string>>;
  return Object.keys(fields).length ? { fields } : { error: failure.message };
}

async function rename(form: FormData): Promise<SectionOutcome<'name'>> {
  const fields = fieldProblems(form, { name: renameBody.shape.name });
  if (fields) return { fields };
  try {
    return { message: (await renameAccount(text(form, 'name'))).message };
  } catch (error) {
    return refusal(error, ['name']);
  }
}

async function changeEmail(form: FormData): Promise<SectionOutcome<'email' | 'password'>> {
  const fields = fieldProblems(form, { email: emailSchema, password: signInPasswordSchema });
  if (fields) return { fields };
  try {
    return { message: (await changeAccountEmail(text(form, 'email').trim(), text(form, 'password'))).message };
  } catch (error) {
    return refusal(error, ['email', 'password']);
  }
}

const INTENTS: Record<string, (form: FormData) => Promise<SectionOutcome>> = { rename, 'change-email': changeEmail };

export async function accountAction({ request }: ActionFunctionArgs): Promise<SectionOutcome> {
  const form = await request.formData();
  const run = INTENTS[text(form, 'intent')];
  // Only this page's own forms post here; anything else is a bug of ours, said as one.
  if (!run) throw new Error(`No /account form sends intent ${text(form, 'intent')}`);
  return run(form);
}
