import { describe, expect, it, vi } from 'vitest';
import { texts } from '../../shared/texts';
import type { AccountCore, CoreSession } from './core';
import { endSession, listSessions } from './sessions';

const MINE = 'user-1';
const h = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const at = (iso: string) => Date.parse(iso);

const sessions: CoreSession[] = [
  { handle: h(1), userId: MINE, createdAt: at('2026-11-01T10:00:00Z'), data: { client: { kind: 'browser', browser: 'Firefox', os: 'Linux' }, lastActiveAt: at('2026-11-02T10:00:00Z') } },
  { handle: h(2), userId: MINE, createdAt: at('2026-11-03T10:00:00Z'), data: { client: { kind: 'desktop', os: 'macOS' }, lastActiveAt: at('2026-11-20T10:00:00Z') } },
  // From before clients were recorded, or with data this code does not know.
  { handle: h(3), userId: MINE, createdAt: at('2026-11-10T10:00:00Z'), data: { client: 'a string' } },
  { handle: h(4), userId: MINE, createdAt: at('2026-10-01T10:00:00Z'), data: {} },
];
const theirs: CoreSession = { handle: h(9), userId: 'user-2', createdAt: at('2026-11-01T10:00:00Z'), data: {} };

function core(): Pick<AccountCore, 'sessionsOf' | 'session' | 'endSession'> & { endSession: ReturnType<typeof vi.fn> } {
  return {
    sessionsOf: async (userId) => (userId === MINE ? sessions : [theirs]),
    session: async (handle) => [...sessions, theirs].find((s) => s.handle === handle),
    endSession: vi.fn(async () => true),
  };
}

describe('listSessions', () => {
  it('puts the asking session first, then the most recently active, each named for its client', async () => {
    const listed = await listSessions({ core: core() as unknown as AccountCore }, { userId: MINE, sessionHandle: h(4) });
    expect(listed.map((s) => [s.name, s.kind, s.current])).toEqual([
      ['A browser', 'browser', true],
      ['Voxpen for Mac', 'desktop', false],
      ['A browser', 'browser', false],
      ['Firefox on Linux', 'browser', false],
    ]);
    // Never refreshed: last active when it signed in.
    expect(listed[2]).toMatchObject({ signedInAt: '2026-11-10T10:00:00.000Z', lastActiveAt: '2026-11-10T10:00:00.000Z' });
  });
});

describe('endSession', () => {
  it('ends one of the account’s own sessions and names it', async () => {
    const c = core();
    expect(await endSession({ core: c as unknown as AccountCore }, { userId: MINE, sessionHandle: h(1) }, h(2))).toEqual({ status: 'OK', name: texts.account.sessionName.desktop('Mac') });
    expect(c.endSession).toHaveBeenCalledWith(h(2));
  });

  it('never ends another account’s session, an unknown or malformed one, nor the one asking', async () => {
    const c = core();
    const me = { userId: MINE, sessionHandle: h(1) };
    expect(await endSession({ core: c as unknown as AccountCore }, me, h(9))).toEqual({ status: 'NOT_FOUND' });
    expect(await endSession({ core: c as unknown as AccountCore }, me, h(8))).toEqual({ status: 'NOT_FOUND' });
    expect(await endSession({ core: c as unknown as AccountCore }, me, '../recipe/session')).toEqual({ status: 'NOT_FOUND' });
    expect(await endSession({ core: c as unknown as AccountCore }, me, h(1))).toEqual({ status: 'CURRENT' });
    expect(c.endSession).not.toHaveBeenCalled();
  });
});
