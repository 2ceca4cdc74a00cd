/**
 * Email verification through the local stack: the real supertokens-node (REQUIRED mode) talking to
 * the local core, the web SDK's calls over HTTP, and the link read from the outbox as its owner
 * would read it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/user-record/account';
import { CONTACT_RETENTION_DAYS, type StoredContactMessage } from '../../functions/contact/messages';
import { scanAll } from '../../functions/lib/dynamo';
import { PRICE_IDS } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { AuthApi } from '../support/auth-api';
import { signInWithGoogle } from '../support/google-sign-in';
import { useTestStack } from '../support/local-stack';
import { latestMailTo, linkIn, outboxMessages } from '../support/outbox';
import { newMember } from '../support/sessions';
import { standInSdk } from '../support/stripe-pages';
import { verificationMailsTo, verificationTokenFor, verifyThroughOutbox } from '../support/verification';

const stack = useTestStack();
const PASSWORD = 'engine42';

async function signedUp(name: string): Promise<{ who: AuthApi; email: string; userId: string }> {
  const who = new AuthApi(stack.api, stack.web);
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await who.signUp(email, PASSWORD);
  expect(res.status).toBe('OK');
  return { who, email, userId: (res.user as { id: string }).id };
}

/** Every session route of the product's own Lambdas, as the pages and the desktop app call them. */
const sessionRoutes = (who: AuthApi) => [
  ['GET /api/user-profile', () => who.call('GET', '/api/user-profile')],
  ['GET /api/usage', () => who.call('GET', '/api/usage')],
  ['GET /api/account', () => who.call('GET', '/api/account')],
  ['GET /api/account/export', () => who.call('GET', '/api/account/export')],
  ['POST /api/create-checkout-session', () => who.call('POST', '/api/create-checkout-session', { priceId: PRICE_IDS.monthly })],
  ['POST /api/ensure-user-exists', () => who.call('POST', '/api/ensure-user-exists')],
  [
    'POST /api/auth/desktop/consent',
    () => who.call('POST', '/api/auth/desktop/consent', { redirect_url: 'http://127.0.0.1:53124/cb', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' }),
  ],
] as const;

const INVALID_CLAIM = { message: 'invalid claim', claimValidationErrors: [{ id: 'st-ev', reason: expect.objectContaining({ expectedValue: true }) }] };

describe('a new email account', () => {
  it('is mailed a link to /verify-email at sign-up, and until it is used every session route answers the SDK’s 403 invalid claim (st-ev)', async () => {
    const { who, email } = await signedUp('unproven');
    const token = await verificationTokenFor(stack.outboxDir, email);
    expect(token.length).toBeGreaterThan(40);
    for (const [route, call] of sessionRoutes(who)) {
      const res = await call();
      expect(res.status, route).toBe(403);
      expect(await res.json(), route).toEqual(INVALID_CLAIM);
    }
    // What the SDK itself serves to an unverified session: whether it is verified, and sign-out.
    const asked = await who.call('GET', '/api/auth/user/email/verify', undefined, { rid: 'emailverification' });
    expect(await asked.json()).toEqual({ status: 'OK', isVerified: false });
  });

  it('opens every route once the link from the outbox is used, in the same session', async () => {
    const { who, email } = await signedUp('proven');
    await verifyThroughOutbox(who, stack.outboxDir, email);
    for (const [route, call] of sessionRoutes(who)) {
      const res = await call();
      expect([200, 201, 302], route).toContain(res.status);
    }
    const profile = await who.get('/api/user-profile');
    expect(profile.body.email).toBe(email);
  });

  it('opens the routes for a session in another browser too, once the core says the address is proven', async () => {
    const { who, email } = await signedUp('elsewhere');
    // The link opened on a phone: no session there.
    const phone = new AuthApi(stack.api, stack.web);
    expect((await phone.verifyEmail(await verificationTokenFor(stack.outboxDir, email))).status).toBe('OK');
    // The first browser's token still says false; the check page asks the SDK, which refetches and renews the token.
    const asked = await who.call('GET', '/api/auth/user/email/verify', undefined, { rid: 'emailverification' });
    expect(await asked.json()).toEqual({ status: 'OK', isVerified: true });
    expect((await who.get('/api/user-profile')).status).toBe(200);
  });

  it('uses a link once: the second use answers the invalid-token status the page shows "Send a new link" for', async () => {
    const { who, email } = await signedUp('reuse');
    const token = await verificationTokenFor(stack.outboxDir, email);
    expect((await who.verifyEmail(token)).status).toBe('OK');
    expect((await who.verifyEmail(token)).status).toBe('EMAIL_VERIFICATION_INVALID_TOKEN_ERROR');
    expect((await new AuthApi(stack.api, stack.web).verifyEmail('not-a-token')).status).toBe('EMAIL_VERIFICATION_INVALID_TOKEN_ERROR');
  });

  it('refuses an expired link (24 h) and leaves the account unverified', async () => {
    const { who, email } = await signedUp('expired');
    const token = await verificationTokenFor(stack.outboxDir, email);
    // A day and a second later: the core's item says when it dies.
    const pk = `evtoken#${createHash('sha256').update(token).digest('hex')}`;
    await stack.db.send(
      new UpdateCommand({ TableName: tableName('authCore'), Key: { pk }, UpdateExpression: 'SET expiresAt = expiresAt - :day', ExpressionAttributeValues: { ':day': 24 * 60 * 60 + 1 }, ConditionExpression: 'attribute_exists(pk)' }),
    );
    expect((await who.verifyEmail(token)).status).toBe('EMAIL_VERIFICATION_INVALID_TOKEN_ERROR');
    expect((await who.get('/api/user-profile')).status).toBe(403);
  });

  it('sends a new link on request three times an hour, then 429 with Retry-After and nothing sent; the newest link works', async () => {
    const { who, email } = await signedUp('resend');
    await verificationTokenFor(stack.outboxDir, email);
    for (let i = 0; i < 3; i++) {
      const res = await who.resendVerification();
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'OK' });
    }
    expect(verificationMailsTo(stack.outboxDir, email)).toBe(4);
    const refused = await who.resendVerification();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe(texts.verify.api.resendLimited(60));
    expect(verificationMailsTo(stack.outboxDir, email)).toBe(4);
    await verifyThroughOutbox(who, stack.outboxDir, email);
    expect((await who.get('/api/user-profile')).status).toBe(200);
  });

  it('keeps the name typed at sign-up on the account record', async () => {
    const who = new AuthApi(stack.api, stack.web);
    const email = `named-${randomUUID().slice(0, 8)}@example.com`;
    const res = await who.call('POST', '/api/auth/signup', { formFields: [{ id: 'email', value: email }, { id: 'password', value: PASSWORD }, { id: 'name', value: ' Ada ' }] }, { rid: 'emailpassword' });
    expect(res.status).toBe(200);
    await verifyThroughOutbox(who, stack.outboxDir, email);
    expect((await who.get('/api/user-profile')).body.name).toBe('Ada');
  });
});

describe('a Google account', () => {
  it('is verified at once, since Google says email_verified: no mail, every route open', async () => {
    const email = `google-${randomUUID().slice(0, 8)}@example.com`;
    const { who } = await signInWithGoogle(stack, email, 'Grace');
    expect((await who.get('/api/user-profile')).status).toBe(200);
    expect((await who.get('/api/account/export')).status).toBe(200);
    expect(verificationMailsTo(stack.outboxDir, email)).toBe(0);
  });
});

describe('contact messages bound to a proven address', () => {
  const sendContact = (who: AuthApi, email: string, message: string) => who.call('POST', '/api/contact', { name: 'Someone', email, message });
  const messagesIn = (exported: Record<string, unknown>) => (exported.contactMessages as { message: string }[]).map((m) => m.message);

  it("exports and erases only what the address sent after its owner proved it, not a squatter's message from before", async () => {
    const email = `squatted-${randomUUID().slice(0, 8)}@example.com`;
    // A stranger writes as the address before any account exists.
    expect((await sendContact(new AuthApi(stack.api, stack.web), email, 'Private: my invoice #4411, phone +1 555 0100')).status).toBe(201);
    // The address's squatter signs up with it: without the link, nothing to read.
    const squatter = new AuthApi(stack.api, stack.web);
    expect((await squatter.signUp(email, PASSWORD)).status).toBe('OK');
    expect((await squatter.get('/api/account/export')).status).toBe(403);
    // Proven: what was sent before stays out; what the owner sends now is theirs.
    await verifyThroughOutbox(squatter, stack.outboxDir, email);
    expect((await sendContact(squatter, email, 'Sent after proving it')).status).toBe(201);
    const exported = await squatter.get('/api/account/export');
    expect(exported.status).toBe(200);
    expect(messagesIn(exported.body)).toEqual(['Sent after proving it']);

    expect((await squatter.call('DELETE', '/api/account', { confirmation: texts.account.deleteConfirmation, password: PASSWORD })).status).toBe(202);
    const left = (await scanContacts()).filter((m) => m.sender === email).map((m) => m.message);
    expect(left).toEqual(['Private: my invoice #4411, phone +1 555 0100']);
  });

  it('keeps each message a year: its expiresAt is what the privacy page says', async () => {
    const email = `kept-${randomUUID().slice(0, 8)}@example.com`;
    const before = Math.floor(Date.now() / 1000);
    expect((await sendContact(new AuthApi(stack.api, stack.web), email, 'How long do you keep this?')).status).toBe(201);
    const [stored] = (await scanContacts()).filter((m) => m.sender === email);
    expect(stored!.expiresAt).toBeGreaterThanOrEqual(before + CONTACT_RETENTION_DAYS * 86_400);
    expect(stored!.expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + CONTACT_RETENTION_DAYS * 86_400);
    expect(texts.contact.retention).toContain(`${CONTACT_RETENTION_DAYS / 365} year`);
  });

  async function scanContacts(): Promise<StoredContactMessage[]> {
    return scanAll<StoredContactMessage>(stack.db, { TableName: tableName('contactMessages') });
  }
});

describe('changing the email address (PATCH /api/account {email, password})', () => {
  const change = async (who: AuthApi, body: unknown) => {
    const res = await who.call('PATCH', '/api/account', body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const mailsTo = (email: string) => outboxMessages(stack.outboxDir).filter((m) => m.to === email);

  it('mails the new address a link and the old one a notice; the old address signs in until the link is used, then only the new one; the record and the Stripe customer follow', async () => {
    const { who, email: old, userId } = await newMember(stack, 'mover', PASSWORD);
    // A Stripe customer exists once a checkout was started.
    expect((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(200);
    const next = `moved-${randomUUID().slice(0, 8)}@example.com`;

    const asked = await change(who, { email: ` ${next.toUpperCase()} `, password: PASSWORD });
    expect(asked).toEqual({ status: 200, body: { message: texts.account.emailChangeSent(next), pendingEmail: next } });
    expect(mailsTo(old).at(-1)?.kind).toBe('email-change-notice');
    expect((await new AuthApi(stack.api, stack.web).signIn(old, PASSWORD)).status).toBe('OK');
    expect((await new AuthApi(stack.api, stack.web).signIn(next, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await who.get('/api/account')).body.email).toBe(old);

    // The link says it is an address change: the page it opens then says the address changed (/account).
    expect(linkIn(await latestMailTo(stack.outboxDir, next, 5000, 'email-verification')).searchParams.get('change')).toBe('email');
    await verifyThroughOutbox(who, stack.outboxDir, next);
    expect((await new AuthApi(stack.api, stack.web).signIn(old, PASSWORD)).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await new AuthApi(stack.api, stack.web).signIn(next, PASSWORD)).status).toBe('OK');
    expect((await who.get('/api/account')).body.email).toBe(next);
    const record = await getAccount(stack.db, userId);
    expect(record).toMatchObject({ email: next, emailVerifiedAt: expect.any(String) });
    const customer = await standInSdk(stack.stripe).customers.retrieve(record!.stripeCustomerId!);
    expect((customer as { email: string }).email).toBe(next);
  });

  it('answers an address another account has exactly as a free one, and mails it nothing', async () => {
    const { email: theirs } = await newMember(stack, 'owner', PASSWORD);
    const { who, email: mine } = await newMember(stack, 'prober', PASSWORD);
    const before = mailsTo(theirs).length;
    const asked = await change(who, { email: theirs, password: PASSWORD });
    expect(asked).toEqual({ status: 200, body: { message: texts.account.emailChangeSent(theirs), pendingEmail: theirs } });
    expect(mailsTo(theirs).length).toBe(before);
    expect(mailsTo(mine).at(-1)?.kind).toBe('email-change-notice');
    expect((await new AuthApi(stack.api, stack.web).signIn(theirs, PASSWORD)).status).toBe('OK');
    expect((await who.get('/api/account')).body.email).toBe(mine);
  });

  it('refuses without the password or with a wrong one (400, nothing sent), keeps name-only changes working, and tells a Google account to change it at Google', async () => {
    const { who } = await newMember(stack, 'careful', PASSWORD);
    const next = `never-${randomUUID().slice(0, 8)}@example.com`;
    expect(await change(who, { email: next })).toEqual({ status: 400, body: { message: texts.stepUp.passwordRequired, fields: { password: texts.stepUp.passwordRequired } } });
    expect(await change(who, { email: next, password: 'not-it-42' })).toMatchObject({ status: 400, body: { message: texts.account.wrongPassword } });
    expect((await change(who, { email: 'not an address', password: PASSWORD })).status).toBe(400);
    expect(mailsTo(next)).toEqual([]);
    expect(await change(who, { name: 'Still Works' })).toEqual({ status: 200, body: { message: texts.account.renamed, name: 'Still Works' } });

    const google = await signInWithGoogle(stack, `g-${randomUUID().slice(0, 8)}@example.com`, 'Gee');
    expect(await change(google.who, { email: next, password: 'anything-1' })).toEqual({
      status: 400,
      body: { message: texts.account.emailChangeGoogle, fields: { email: texts.account.emailChangeGoogle } },
    });
    expect(mailsTo(next)).toEqual([]);
  });
});
