import EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import STGeneralError from 'supertokens-web-js/utils/error';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { signInWithPassword, signUpWithPassword } from './auth-client';
import { initSuperTokens } from './supertokens';

/** The auth API as the network sees it: every call answered with what `answer` gives. */
let answer: () => Response;
const requests: string[] = [];
const tooMany = (minutes: number) =>
  new Response(JSON.stringify({ message: texts.auth.tooManyAttempts(minutes) }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(minutes * 60) } });

beforeAll(() => {
  // Before init: the SDK's session layer wraps whatever fetch it finds.
  vi.stubGlobal('fetch', async (url: string | URL | Request) => {
    const path = new URL(url instanceof Request ? url.url : url).pathname;
    // No session here: the session layer's own refresh attempts are answered as the API would.
    if (path === '/api/auth/session/refresh') return new Response(JSON.stringify({ message: 'unauthorised' }), { status: 401 });
    requests.push(path);
    return answer();
  });
  initSuperTokens();
});
beforeEach(() => {
  requests.length = 0;
});

const email = [{ id: 'email', value: 'ada@example.com' }];
const credentials = [...email, { id: 'password', value: 'engine42' }];

describe('auth limits in the browser (the real web SDK, the network stubbed)', () => {
  it("turns a 429 from sign-in and sign-up into GENERAL_ERROR with the server's sentence", async () => {
    answer = () => tooMany(12);
    await expect(signInWithPassword('ada@example.com', 'engine42')).resolves.toEqual({ status: 'GENERAL_ERROR', message: texts.auth.tooManyAttempts(12) });
    await expect(signUpWithPassword('ada@example.com', 'engine42')).resolves.toEqual({ status: 'GENERAL_ERROR', message: texts.auth.tooManyAttempts(12) });
    expect(requests).toEqual(['/api/auth/signin', '/api/auth/signup']);
  });

  it('throws a general error with the sentence for email-exists look-ups and reset requests', async () => {
    answer = () => tooMany(1);
    for (const call of [() => EmailPassword.doesEmailExist({ email: 'ada@example.com' }), () => EmailPassword.sendPasswordResetEmail({ formFields: email })]) {
      const error = await call().catch((e: unknown) => e);
      expect(STGeneralError.isThisError(error)).toBe(true);
      expect((error as Error).message).toBe(texts.auth.tooManyAttempts(1));
    }
  });

  it('makes the sentence from Retry-After when the 429 has no message (e.g. from a proxy)', async () => {
    answer = () => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '90' } });
    await expect(signInWithPassword('ada@example.com', 'engine42')).resolves.toEqual({ status: 'GENERAL_ERROR', message: texts.auth.tooManyAttempts(2) });
  });

  it('leaves other failures and ordinary answers alone', async () => {
    answer = () => new Response('{}', { status: 500 });
    await expect(EmailPassword.signIn({ formFields: credentials })).rejects.toMatchObject({ status: 500 });
    answer = () => new Response(JSON.stringify({ status: 'WRONG_CREDENTIALS_ERROR' }), { status: 200, headers: { 'content-type': 'application/json' } });
    await expect(signInWithPassword('ada@example.com', 'wrong')).resolves.toEqual({ status: 'WRONG_CREDENTIALS_ERROR' });
  });
});
