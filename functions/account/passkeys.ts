/**
 * GET /api/account/passkeys and DELETE /api/account/passkeys/{id}: the account's passkeys with the
 * names and times the product keeps (functions/user-record/passkey-labels.ts), and removing one. The core
 * is the list and does the removal; a credential is only ever removed from its own account, another
 * account's and an unknown one get the same answer. A removal is mailed to the proven address.
 */
import type { AccountPasskey } from '../../shared/api-types';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { passkeyMail } from '../auth';
import { forgetPasskey, passkeyLabels } from '../user-record';
import type { Mail } from '../lib/mail';
import type { AccountDeps, Caller } from './deps';

/** Credential ids are base64url; anything else, or longer than any authenticator makes, is not asked about. */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1024}$/;

export async function listPasskeys(deps: Pick<AccountDeps, 'core' | 'db'>, caller: Pick<Caller, 'userId'>): Promise<AccountPasskey[]> {
  const [stored, labels] = await Promise.all([deps.core.passkeysOf(caller.userId), passkeyLabels(deps.db, caller.userId)]);
  return stored
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((p) => {
      const label = labels[p.credentialId];
      return { id: p.credentialId, name: label?.name ?? passkeyTexts.unnamed, addedAt: label?.addedAt ?? new Date(p.createdAt).toISOString(), lastUsedAt: label?.lastUsedAt ?? null };
    });
}

export type RemovePasskeyOutcome = { status: 'OK'; name: string } | { status: 'NOT_FOUND' };

export async function removePasskey(deps: Pick<AccountDeps, 'core' | 'db'> & { send: (mail: Mail) => Promise<void> }, caller: Pick<Caller, 'userId'>, credentialId: string): Promise<RemovePasskeyOutcome> {
  if (!CREDENTIAL_ID.test(credentialId)) return { status: 'NOT_FOUND' };
  const name = (await passkeyLabels(deps.db, caller.userId))[credentialId]?.name ?? passkeyTexts.unnamed;
  if (!(await deps.core.removePasskey(caller.userId, credentialId))) return { status: 'NOT_FOUND' };
  await forgetPasskey(deps.db, caller.userId, credentialId);
  const to = await deps.core.provenEmail(caller.userId);
  if (to) await deps.send(passkeyMail(to, 'removed', name));
  return { status: 'OK', name };
}
