/**
 * What /account's forms send, as its route's action: each form names its intent, the action checks
 * the fields (the first problem of each, as the server would say it), calls the API, and answers
 * what the section shows. The route does not read again after (shouldRevalidate): each section keeps
 * what it changed.
 */
import type { ActionFunctionArgs } from 'react-router';
import { renameBody } from '../../../../shared/schemas/account';
import { emailSchema, fieldError, newPasswordSchema, signInPasswordSchema } from '../../../../shared/schemas/credentials';
import { accountTexts as accountApiTexts } from '../../../../shared/texts/account';
import { passkeyNameSchema } from '../../../../shared/schemas/passkeys';
import type { PasskeyAssertion } from '../../../../shared/schemas/step-up';
import { passkeyTexts } from '../../../../shared/texts/passkeys';
import { accountFailure, changeAccountEmail, changePassword, deleteAccount, renameAccount, signOutEverywhere } from '../../api/account';
import { signOut } from '../../auth/auth-client';
import { formText, problemsFound } from '../../form-fields';
import { addPasskey, type AddPasskeyOutcome, type PasskeyProofOutcome } from '../../auth/passkeys';
import { ProofRefused } from '../../auth/step-up';
import { stepUpTexts } from '../../../../shared/texts/step-up';
import type { AccountPasskey } from '../../../../shared/api-types';
import { readPasskeys, type PasskeyList } from './account-data';
import { accountTexts } from './account-texts';

const t = accountTexts;

/** A section form's answer: its success sentence, or its alert, or messages beside its fields. */
export interface SectionOutcome<F extends string = string> {
  message?: string;
  error?: string;
  fields?: Partial<Record<F, string>>;
  /** Deleting a Google account signed in long ago: the API's sentence asking for a fresh sign-in. */
  signInAgain?: string;
  /** A passkey added: the account's passkeys read again, the new one among them. */
  passkeys?: PasskeyList;
}

/** The phrase deleting asks to be typed. */
export const DELETE_PHRASE = accountApiTexts.deleteConfirmation;

/** Whether the typed confirmation is the phrase (spaces around it aside): until it is, nothing can be sent. */
/** The phrase as typed: any case, spaces around it (the server's schema reads it so too). */
export const confirmed = (typed: string) => typed.trim().toLowerCase() === DELETE_PHRASE;

/**
 * The fetcher key of a section's form: the page reads the fetchers of the forms that end this
 * browser's session too (signing out everywhere, deleting) to stay and say so.
 */
export const sectionKey = (intent: string) => `account:${intent}`;

/** The API's refusal: beside the section's own fields where it names them, else the alert. */
function refusal<F extends string>(error: unknown, own: readonly F[]): SectionOutcome<F> {
  const failure = accountFailure(error, t.failed);
  const fields = Object.fromEntries(Object.entries(failure.fields ?? {}).filter(([field]) => (own as readonly string[]).includes(field))) as Partial<Record<F, string>>;
  return Object.keys(fields).length ? { fields } : { error: failure.message };
}

async function rename(form: FormData): Promise<SectionOutcome<'name'>> {
  const fields = problemsFound({ name: fieldError(renameBody.shape.name, formText(form, 'name')) });
  if (fields) return { fields };
  try {
    return { message: (await renameAccount(formText(form, 'name'))).message };
  } catch (error) {
    return refusal(error, ['name']);
  }
}

async function changeEmail(form: FormData): Promise<SectionOutcome<'email' | 'password'>> {
  const fields = problemsFound({ email: fieldError(emailSchema, formText(form, 'email')), password: fieldError(signInPasswordSchema, formText(form, 'password')) });
  if (fields) return { fields };
  try {
    return { message: (await changeAccountEmail(formText(form, 'email').trim(), formText(form, 'password'))).message };
  } catch (error) {
    return refusal(error, ['email', 'password']);
  }
}

async function changeOwnPassword(form: FormData): Promise<SectionOutcome<'currentPassword' | 'newPassword' | 'confirmPassword'>> {
  const [currentPassword, newPassword] = [formText(form, 'currentPassword'), formText(form, 'newPassword')];
  const fields = problemsFound({
    currentPassword: fieldError(signInPasswordSchema, currentPassword),
    newPassword: fieldError(newPasswordSchema, newPassword),
    confirmPassword: formText(form, 'confirmPassword') === newPassword ? undefined : t.passwordsDoNotMatch,
  });
  if (fields) return { fields };
  try {
    return { message: (await changePassword({ currentPassword, newPassword })).message };
  } catch (error) {
    // A wrong current password and the rules come back beside their fields; the limits' 429 as the form's alert.
    return refusal(error, ['currentPassword', 'newPassword']);
  }
}

/** Ends every session, this one too; the SDK's own state is cleared as well, so the bar shows signed out. */
async function signOutAll(): Promise<SectionOutcome> {
  try {
    const answer = await signOutEverywhere();
    // The answer has already cleared the cookies and the front token; this clears what the SDK keeps.
    await signOut().catch((error: unknown) => console.error('Local sign-out failed', error));
    return { message: answer.message };
  } catch (error) {
    return { error: accountFailure(error, t.failed).message };
  }
}

/**
 * An email account's form carries its password field; a Google-only account's has none to send, or
 * its app's code once the API has asked for it, or an assertion of one of its passkeys (the step-up
 * proof, docs/security.md#step-up).
 */
async function remove(form: FormData): Promise<SectionOutcome<'confirmation' | 'password' | 'code'>> {
  const hasPassword = form.has('password');
  const password = formText(form, 'password');
  const code = form.has('code') ? { code: formText(form, 'code') } : {};
  const passkey = passkeyOf(form);
  const fields = problemsFound({
    confirmation: confirmed(formText(form, 'confirmation')) ? undefined : accountApiTexts.confirmationMismatch,
    password: hasPassword ? fieldError(signInPasswordSchema, password) : undefined,
  });
  if (fields) return { fields };
  try {
    const answer = await deleteAccount({ confirmation: DELETE_PHRASE, ...(hasPassword ? { password } : {}), ...code, ...passkey });
    // The answer has already cleared the cookies and the front token; this clears what the SDK keeps.
    await signOut().catch((error: unknown) => console.error('Local sign-out failed', error));
    return { message: answer.message };
  } catch (error) {
    const failure = accountFailure(error, t.failed);
    if (failure.status === 403) return { signInAgain: failure.message };
    return refusal(error, ['confirmation', 'password', 'code']);
  }
}

/** What a form says when the passkey dialog gave no step-up proof (docs/security.md#step-up). */
export const passkeyProofRefusal: Record<Exclude<PasskeyProofOutcome['status'], 'OK'>, string> = {
  CANCELLED: stepUpTexts.passkeyCancelled,
  UNSUPPORTED: passkeyTexts.unsupported,
  FAILED: stepUpTexts.passkeyFailed,
};

/** The passkey assertion a form carries as its step-up proof (a hidden field, JSON), when it carries one. */
function passkeyOf(form: FormData): { passkey?: PasskeyAssertion } {
  if (!form.has('passkey')) return {};
  try {
    return { passkey: JSON.parse(formText(form, 'passkey')) as PasskeyAssertion };
  } catch {
    return {};
  }
}

const passkeyRefusal: Record<Exclude<AddPasskeyOutcome['status'], 'OK'>, string> = {
  CANCELLED: passkeyTexts.cancelled,
  UNSUPPORTED: passkeyTexts.unsupported,
  ALREADY_ON_DEVICE: passkeyTexts.alreadyOnDevice,
  FAILED: passkeyTexts.failed,
};

/**
 * A passkey under the name its owner gives, for the account's address (the form carries it), with the
 * step-up proof the form asks for (the password; for an account without one, a code from its app when
 * the API asks for it): the browser's own passkey dialog, then the list read again to show it.
 */
async function addOwnPasskey(form: FormData): Promise<SectionOutcome<'passkeyName' | 'password' | 'code'>> {
  const hasPassword = form.has('password');
  const given = formText(form, 'passkeyName').trim();
  const fields = problemsFound({
    // Optional: left blank, the API names it after this browser and system.
    passkeyName: given ? fieldError(passkeyNameSchema, given) : undefined,
    password: hasPassword && !formText(form, 'password') ? stepUpTexts.passwordRequired : undefined,
  });
  if (fields) return { fields };
  let outcome: AddPasskeyOutcome;
  try {
    outcome = await addPasskey(given, formText(form, 'email'), { password: formText(form, 'password'), code: formText(form, 'code') });
  } catch (error) {
    if (error instanceof ProofRefused) return error.field && error.field !== 'passkey' ? { fields: { [error.field]: error.message } } : { error: error.message };
    console.error('Adding a passkey failed', error);
    return { error: accountFailure(error, passkeyTexts.failed).message };
  }
  if (outcome.status !== 'OK') return { error: passkeyRefusal[outcome.status] };
  const passkeys = await readPasskeys();
  // A blank name is the API's to choose: the one it gave is the newest passkey's.
  const named = given || (passkeys.step === 'ready' ? passkeys.items.reduce<AccountPasskey | undefined>((a, p) => (!a || p.addedAt > a.addedAt ? p : a), undefined)?.name : undefined);
  return { message: named ? passkeyTexts.added(named) : passkeyTexts.addedUnnamed, passkeys };
}

const INTENTS: Record<string, (form: FormData) => Promise<SectionOutcome>> = {
  rename,
  'change-email': changeEmail,
  'change-password': changeOwnPassword,
  'sign-out-everywhere': signOutAll,
  delete: remove,
  'add-passkey': addOwnPasskey,
};

export async function accountAction({ request }: ActionFunctionArgs): Promise<SectionOutcome> {
  const form = await request.formData();
  const run = INTENTS[formText(form, 'intent')];
  // Only this page's own forms post here; anything else is a bug of ours, said as one.
  if (!run) throw new Error(`No /account form sends intent ${formText(form, 'intent')}`);
  return run(form);
}
