/**
 * The auth limits through the real supertokens-node, the local gateway and the local core. Each
 * person speaks from a loopback address of their own (test/support/auth-api.ts), so "one address"
 * and "another address" are real source addresses the gateway sees.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, EMAIL_EXISTS_RULE, RESET_MAIL_PAIR_RULE, RESET_MAIL_RULE, RESET_REQUEST_RULE, SIGN_UP_DEVICE_RULE, SIGN_UP_RULE } from '../../functions/auth/auth-limits';
import { SIGN_IN_ADDRESS_RULE, SIGN_IN_EMAIL_RULE, SIGN_IN_PAIR_RULE } from '../../functions/auth/sign-in-guard';
import { texts } from '../../shared/texts';
import { AuthApi, randomLoopbackAddress } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { outboxMessages } from '../support/outbox';

const stack = useTestStack();

const PASSWORD = 'engine42';
const person = (address?: string) => new AuthApi(stack.api, stack.web, address);
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const fields = (email: string, password?: string) => ({
  formFields: [{ id: 'email', value: email }, ...(password === undefined ? [] : [{ id: 'password', value: password }])],
});

/** The raw answer, so a 429 can be looked at (AuthApi's own helpers expect 200). */
const signIn = (who: AuthApi, email: string, password: string) => who.call('POST', '/api/auth/signin', fields(email, password), { rid: 'emailpassword' });
const signUp = (who: AuthApi, email: string) => who.call('POST', '/api/auth/signup', fields(email, PASSWORD), { rid: 'emailpassword' });
const emailExists = (who: AuthApi, email: string) => who.call('GET', `/api/auth/emailpassword/email/exists?email=${encodeURIComponent(email)}`, undefined, { rid: 'emailpassword' });
const requestReset = (who: AuthApi, email: string) => who.call('POST', '/api/auth/user/password/reset/token', fields(email), { rid: 'emailpassword' });

async function statusOf(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

/** A 429 as the pages read it: a plain sentence, and Retry-After within the rule's window. */
async function expectLimited(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({ message: texts.auth.tooManyAttempts(Math.ceil(retryAfter / 60)) });
}

/** Accounts signed up from addresses of their own, a few at a time (each costs a password hash). */
async function accounts(count: number, name: string): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => uniqueEmail(`${name}${i}`));
  for (let i = 0; i < emails.length; i += 4) {
    await Promise.all(emails.slice(i, i + 4).map(async (email) => expect(await statusOf(await signUp(person(), email))).toBe('OK')));
  }
  return emails;
}

/** `times` wrong passwords for `email` from `who`, a few at a time; each must be checked and refused. */
async function failures(who: AuthApi, email: string, times: number) {
  for (let i = 0; i < times; i += 5) {
    const batch = Array.from({ length: Math.min(5, times - i) }, (_, j) => signIn(who, email, `guess-${i + j}-x1`));
    for (const res of await Promise.all(batch)) expect(await statusOf(res)).toBe('WRONG_CREDENTIALS_ERROR');
  }
}

describe('per-address limits on the auth API', () => {
  it('stops password spraying: one address is refused after 30 failed sign-ins across accounts, another still signs in', async () => {
    // A sprayer's list holds real accounts and guesses alike; every failure costs a hash either way.
    const real = await accounts(6, 'spray');
    const list = [...real.slice(0, 5), ...Array.from({ length: SIGN_IN_ADDRESS_RULE.limit - 5 }, () => uniqueEmail('guess'))];
    const sprayer = person();
    for (let i = 0; i < list.length; i += 5) {
      const batch = await Promise.all(list.slice(i, i + 5).map((email) => signIn(sprayer, email, 'Password1')));
      for (const res of batch) expect(await statusOf(res)).toBe('WRONG_CREDENTIALS_ERROR');
    }
    await expectLimited(await signIn(sprayer, real[5]!, 'Password1'), SIGN_IN_ADDRESS_RULE.windowSeconds);
    expect(await statusOf(await signIn(person(), real[5]!, PASSWORD))).toBe('OK');
  });

  it('limits email-exists look-ups per address', async () => {
    const looker = person();
    for (let i = 0; i < EMAIL_EXISTS_RULE.limit; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => emailExists(looker, uniqueEmail(`look${i + j}`))));
      for (const res of batch) expect(res.status).toBe(200);
    }
    await expectLimited(await emailExists(looker, uniqueEmail('one-more')), EMAIL_EXISTS_RULE.windowSeconds);
    expect(await emailExists(person(), uniqueEmail('elsewhere'))).toMatchObject({ status: 200 });
  });

  it("limits sign-ups per browser at an address, so a shared address (an office behind one NAT) is not used up for a newcomer who did nothing; and per address, any browser", async () => {
    const office = randomLoopbackAddress();
    const busy = person(office);
    // Taken emails: the answer is a field error, but each attempt still counts.
    const [taken] = await accounts(1, 'taken');
    for (let i = 0; i < SIGN_UP_DEVICE_RULE.limit; i++) expect(await statusOf(await signUp(busy, taken!))).toBe('FIELD_ERROR');
    // The busy browser is refused (its cookie: the device) ...
    expect(busy.jar.get(DEVICE_COOKIE)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await expectLimited(await signUp(busy, uniqueEmail('new')), SIGN_UP_DEVICE_RULE.windowSeconds);
    // ... a newcomer at the same address, another browser, is not.
    expect(await statusOf(await signUp(person(office), uniqueEmail('newcomer')))).toBe('OK');

    // The address's own ceiling, whatever the browsers: a script that drops its cookie each time meets it.
    const counted = SIGN_UP_DEVICE_RULE.limit + 1;
    for (let i = counted; i < SIGN_UP_RULE.limit; i += 10) {
      const batch = await Promise.all(Array.from({ length: Math.min(10, SIGN_UP_RULE.limit - i) }, () => signUp(person(office), taken!)));
      for (const res of batch) expect(await statusOf(res)).toBe('FIELD_ERROR');
    }
    await expectLimited(await signUp(person(office), uniqueEmail('late')), SIGN_UP_RULE.windowSeconds);
    expect(await statusOf(await signUp(person(), uniqueEmail('elsewhere')))).toBe('OK');
  });

  it('limits password-reset requests per address', async () => {
    const asker = person();
    const batch = await Promise.all(Array.from({ length: RESET_REQUEST_RULE.limit }, (_, i) => requestReset(asker, uniqueEmail(`ghost${i}`))));
    for (const res of batch) expect(await statusOf(res)).toBe('OK');
    await expectLimited(await requestReset(asker, uniqueEmail('ghost')), RESET_REQUEST_RULE.windowSeconds);
    expect(await statusOf(await requestReset(person(), uniqueEmail('ghost')))).toBe('OK');
  });

  it('sends one recipient at most 10 reset mails an hour from all addresses, answering later requests the same and sending nothing', async () => {
    const [email] = await accounts(1, 'inbox');
    for (let i = 0; i < RESET_MAIL_RULE.limit + 3; i++) expect(await statusOf(await requestReset(person(), email!))).toBe('OK');
    // The SDK writes the mail before it answers, so the outbox is complete by now.
    expect(outboxMessages(stack.outboxDir).filter((m) => m.to === email && m.kind === 'password-reset')).toHaveLength(RESET_MAIL_RULE.limit);
  });

  it("does not let a stranger starve the owner's reset: the stranger's address gets 3 mails an hour, answered alike after, and the owner's request from another address still sends one", async () => {
    const [email] = await accounts(1, 'starved');
    const stranger = person();
    const answers = [];
    for (let i = 0; i < RESET_MAIL_PAIR_RULE.limit + 2; i++) answers.push(await requestReset(stranger, email!));
    const strangerAnswers = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.text() })));
    const mailsTo = () => outboxMessages(stack.outboxDir).filter((m) => m.to === email && m.kind === 'password-reset');
    expect(mailsTo()).toHaveLength(RESET_MAIL_PAIR_RULE.limit);
    const owner = person();
    const ownerAnswer = await requestReset(owner, email!);
    // The answer is the same, sent or not, so it tells nobody anything.
    expect({ status: ownerAnswer.status, body: await ownerAnswer.text() }).toEqual(strangerAnswers[0]);
    expect(new Set(strangerAnswers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(mailsTo()).toHaveLength(RESET_MAIL_PAIR_RULE.limit + 1);
  });
});

describe('nobody can lock an owner out', () => {
  it("refuses a stranger's address after 10 failures on the owner's email, and the owner signs in from theirs", async () => {
    const [email] = await accounts(1, 'owner');
    const stranger = person();
    await failures(stranger, email!, SIGN_IN_PAIR_RULE.limit);
    await expectLimited(await signIn(stranger, email!, 'guess-x1'), SIGN_IN_PAIR_RULE.windowSeconds);
    await expectLimited(await signIn(stranger, email!, PASSWORD), SIGN_IN_PAIR_RULE.windowSeconds);
    expect(await statusOf(await signIn(person(), email!.toUpperCase(), PASSWORD))).toBe('OK');
  });

  it('past 30 failures on one email from many addresses, refuses every new address (not one more guess each), and still lets the owner in from where they signed in before', async () => {
    const [email] = await accounts(1, 'target');
    const owner = person();
    expect(await statusOf(await signIn(owner, email!, PASSWORD))).toBe('OK');
    const attackers = Array.from({ length: SIGN_IN_EMAIL_RULE.limit / SIGN_IN_PAIR_RULE.limit }, () => person());
    await Promise.all(attackers.map((attacker) => failures(attacker, email!, SIGN_IN_PAIR_RULE.limit)));
    // A new address gets no guess: refused before its password is checked, the right one too.
    for (const next of [person(), person()]) {
      await expectLimited(await signIn(next, email!, 'guess-next-x1'), SIGN_IN_EMAIL_RULE.windowSeconds);
      await expectLimited(await signIn(next, email!, PASSWORD), SIGN_IN_EMAIL_RULE.windowSeconds);
    }
    expect(await statusOf(await signIn(owner, email!, PASSWORD))).toBe('OK');
  });
});
