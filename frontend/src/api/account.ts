/** The account routes (/account): the profile, rename, change the password, two-step verification, where it is signed in, passkeys, sign out everywhere, export, delete. */
import { exportFileName } from '../../../shared/account-export';
import type { AccountMessage, AccountOverview, AccountPasskey, AccountPasskeys, ErrorBody, RecoveryCodes, SignedInSession, SignedInSessions, TwoStepStatus } from '../../../shared/api-types';
import type { ChangePasswordBody, DeleteAccountBody } from '../../../shared/schemas/account';
import type { StepUpProof } from '../../../shared/schemas/step-up';
import { saveFile } from '../save-file';
import { api, isApiError } from './client';
import { unreachable, unreachableSentence } from './unreachable';

/** PATCH /api/account: answers the saved (trimmed) name. */
export async function renameAccount(name: string): Promise<AccountMessage> {
  const { data } = await api.patch<AccountMessage>('/api/account', { name });
  return data;
}

/** POST /api/account/password: keeps this session, ends every other. */
export async function changePassword(body: ChangePasswordBody): Promise<AccountMessage> {
  const { data } = await api.post<AccountMessage>('/api/account/password', body);
  return data;
}

/** POST /api/account/sign-out-everywhere: every session ends, this one too (the answer clears its cookies). */
export async function signOutEverywhere(): Promise<AccountMessage> {
  const { data } = await api.post<AccountMessage>('/api/account/sign-out-everywhere');
  return data;
}

/** GET /api/account/sessions: where the account is signed in, this session first. */
export async function listSessions(): Promise<SignedInSession[]> {
  const { data } = await api.get<SignedInSessions>('/api/account/sessions');
  return data.sessions;
}

/** DELETE /api/account/sessions/{id}: signs one other session out (a browser or the desktop app). */
export async function endSession(id: string): Promise<AccountMessage> {
  const { data } = await api.delete<AccountMessage>(`/api/account/sessions/${encodeURIComponent(id)}`);
  return data;
}

/** GET /api/account/two-step: whether signing in asks for a code, and the recovery codes left. */
export async function readTwoStep(): Promise<TwoStepStatus> {
  const { data } = await api.get<TwoStepStatus>('/api/account/two-step');
  return data;
}

/** POST /api/account/two-step/recovery-codes {password | code}: ten new codes; the old ones stop working. */
export async function makeRecoveryCodes(proof: StepUpProof): Promise<string[]> {
  const { data } = await api.post<RecoveryCodes>('/api/account/two-step/recovery-codes', proof);
  return data.codes;
}

/** DELETE /api/account/two-step: with the password (a Google account: a code from its app). */
export async function turnOffTwoStep(body: StepUpProof): Promise<AccountMessage> {
  const { data } = await api.delete<AccountMessage>('/api/account/two-step', { data: body });
  return data;
}

/** DELETE /api/account: the answer clears this browser's session cookies. */
export async function deleteAccount(body: DeleteAccountBody): Promise<AccountMessage> {
  const { data } = await api.delete<AccountMessage>('/api/account', { data: body });
  return data;
}

/** GET /api/account: the profile /account shows, with how the account signs in (the core knows that). */
export async function readAccountProfile(): Promise<AccountOverview> {
  const { data } = await api.get<AccountOverview>('/api/account');
  return data;
}

/** The file name in a Content-Disposition header (readable only when the API exposes it across origins). */
export function fileNameIn(disposition: unknown): string | undefined {
  if (typeof disposition !== 'string') return undefined;
  const name = /filename="([^"]+)"/.exec(disposition)?.[1];
  // Only a plain name: never a path.
  return name && /^[\w.-]+$/.test(name) ? name : undefined;
}

/**
 * GET /api/account/export, saved as a file: read with the session (the API may be on another
 * origin, where a plain link would not be a same-origin download), then handed to the browser as
 * an object URL on an `<a download>`. Answers the file's name.
 */
export async function downloadAccountData(): Promise<string> {
  const response = await api.get<Blob>('/api/account/export', { responseType: 'blob' });
  const name = fileNameIn(response.headers['content-disposition']) ?? exportFileName(new Date());
  saveFile(response.data, name);
  return name;
}

/** What a refused or failed account call came to: the API's sentence and field messages, or `fallback`. */
export interface AccountFailure {
  /** The answer's status; absent when there was no answer. */
  status?: number;
  message: string;
  fields?: Record<string, string>;
}

export function accountFailure(error: unknown, fallback: string): AccountFailure {
  // The service away (no answer within the time limit, refused, a 503): said as such, not as a failure of the form's.
  const away = unreachable(error);
  if (away) return { ...(isApiError(error) && error.response ? { status: error.response.status } : {}), message: unreachableSentence(away) };
  if (!isApiError<Partial<ErrorBody>>(error) || !error.response) return { message: fallback };
  const { status, data } = error.response;
  // A blob read's error body is a Blob, not the API's JSON: then the fallback sentence.
  const message = typeof data?.message === 'string' && data.message ? data.message : fallback;
  const fields = data?.fields && typeof data.fields === 'object' ? data.fields : undefined;
  return { status, message, ...(fields ? { fields } : {}) };
}

/** PATCH /api/account {email, password}: a link goes to the new address; it becomes the account's once opened. */
export async function changeAccountEmail(email: string, password: string): Promise<AccountMessage> {
  const { data } = await api.patch<AccountMessage>('/api/account', { email, password });
  return data;
}

/** GET /api/account/passkeys: the account's passkeys with their names, oldest first. */
export async function listPasskeys(): Promise<AccountPasskey[]> {
  const { data } = await api.get<AccountPasskeys>('/api/account/passkeys');
  return data.passkeys;
}

/** DELETE /api/account/passkeys/{id}: the passkey no longer signs in. */
export async function removePasskey(id: string): Promise<AccountMessage> {
  const { data } = await api.delete<AccountMessage>(`/api/account/passkeys/${encodeURIComponent(id)}`);
  return data;
}
