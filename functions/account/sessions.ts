/**
 * GET /api/account/sessions and DELETE /api/account/sessions/{id}: where the account is signed in,
 * and signing one of those out. The core's session handles are the list; a handle is only ever
 * read or ended for its own account: another account's and an unknown one get the same answer.
 */
import type { SignedInSession } from '../../shared/api-types';
import { accountTexts } from '../../shared/texts/account';
import type { DesktopPlatformName } from '../../shared/texts/desktop';
import { readClientData } from '../auth';
import type { CoreSession } from './core';
import type { AccountDeps, Caller } from './deps';

/** The core's handles are UUIDs; anything else is not asked about. */
const HANDLE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DESKTOP_SYSTEMS: Record<string, DesktopPlatformName> = { Windows: 'Windows', macOS: 'Mac', Linux: 'Linux', 'Chrome OS': 'Linux' };

function described(session: CoreSession, currentHandle: string): SignedInSession {
  const { client, lastActiveAt, place } = readClientData(session.data);
  const name = client?.kind === 'desktop' ? accountTexts.sessionName.desktop(client.os ? DESKTOP_SYSTEMS[client.os] : undefined) : accountTexts.sessionName.browser(client?.browser, client?.os);
  return {
    id: session.handle,
    kind: client?.kind ?? 'browser',
    name,
    signedInAt: new Date(session.createdAt).toISOString(),
    lastActiveAt: new Date(Math.max(lastActiveAt ?? 0, session.createdAt)).toISOString(),
    current: session.handle === currentHandle,
    ...(session.method ? { method: session.method } : {}),
    ...(place ? { place } : {}),
  };
}

export async function listSessions(deps: Pick<AccountDeps, 'core'>, caller: Pick<Caller, 'userId' | 'sessionHandle'>): Promise<SignedInSession[]> {
  const sessions = (await deps.core.sessionsOf(caller.userId)).map((s) => described(s, caller.sessionHandle));
  return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

export type EndSessionOutcome = { status: 'OK'; name: string } | { status: 'NOT_FOUND' } | { status: 'CURRENT' };

export async function endSession(deps: Pick<AccountDeps, 'core'>, caller: Pick<Caller, 'userId' | 'sessionHandle'>, handle: string): Promise<EndSessionOutcome> {
  if (handle === caller.sessionHandle) return { status: 'CURRENT' };
  if (!HANDLE.test(handle)) return { status: 'NOT_FOUND' };
  const session = await deps.core.session(handle);
  if (!session || session.userId !== caller.userId) return { status: 'NOT_FOUND' };
  // Ended meanwhile by its owner elsewhere: as good as done, and said so the same way.
  if (!(await deps.core.endSession(handle))) return { status: 'NOT_FOUND' };
  return { status: 'OK', name: described(session, caller.sessionHandle).name };
}
