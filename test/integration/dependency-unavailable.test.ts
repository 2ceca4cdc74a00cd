/**
 * A dependency slow or down is a 503 with Retry-After and a sentence, never a 500 (functions/lib/
 * unavailable.ts): the auth core held (it does not answer) or refused (connections dropped) by the
 * local runtime's fault gate, then answering again, and everything works as before.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { useTestStack } from '../support/local-stack';
import { newMember, refreshWithHeader, desktopSession } from '../support/sessions';

const stack = useTestStack({ coreGate: { corePort: 0 } });

/** A 503 as the desktop app reads it: the status, a Retry-After in seconds, and a sentence. */
async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const { message } = (await res.json()) as { message: string };
  expect(message).toMatch(/try again in a moment/);
  return message;
}

describe('the auth core slow or down', () => {
  it('answers usage reports and refreshes 503 with Retry-After, none 500, and all recovers when the core answers again', async () => {
    const { who } = await newMember(stack, 'slow-core', 'engine42');
    const desktop = await desktopSession(stack.api, who);
    const report = () => who.call('POST', '/api/usage', { words: 10, seconds: 5 }, { 'idempotency-key': randomUUID() });
    expect((await report()).status).toBe(200);

    // Held: every call that asks the core waits its time limit, then answers 503.
    stack.coreGate!.set('hold');
    const held = await Promise.all(Array.from({ length: 5 }, report));
    for (const res of held) expect(await expectUnavailable(res)).toBe(texts.api.unavailable('auth'));
    expect(stack.coreGate!.held()).toBeGreaterThan(0);

    // Refused: the core's connections dropped, as a dead host's would be.
    stack.coreGate!.set('refuse');
    await expectUnavailable(await report());
    await expectUnavailable(await refreshWithHeader(stack.api, desktop.refreshToken));

    stack.coreGate!.set('pass');
    const after = await report();
    expect(after.status).toBe(200);
    // Nothing of the refused reports was counted: one report before, one after.
    expect(((await after.json()) as { wordsTranscribed: number }).wordsTranscribed).toBe(20);
    const refreshed = await refreshWithHeader(stack.api, desktop.refreshToken);
    expect(refreshed.status).toBe(200);
  }, 60_000);
});
