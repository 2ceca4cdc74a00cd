import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../test/support/cookie-jar';
import { holdPort } from '../ports';
import type { RunningService } from '../service';
import { LOCAL_GOOGLE_CLIENT, googleStandInService, subjectFor } from './oidc-service';

const REDIRECT = 'http://localhost:5999/auth/callback';
let google: RunningService;
let discovery: Record<string, string>;

beforeAll(async () => {
  google = await googleStandInService({ port: await holdPort(), redirectUris: [REDIRECT] }).start();
  discovery = await (await fetch(`${google.url}/.well-known/openid-configuration`)).json();
});
afterAll(() => google?.stop());

function decodePart(part: string) {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** The browser's part of a Google sign-in: authorise, fill in the form, come back with a code. */
async function signInAs(email: string, name: string, jar = new CookieJar()) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const auth = new URL(discovery.authorization_endpoint!);
  auth.search = new URLSearchParams({
    client_id: LOCAL_GOOGLE_CLIENT.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    access_type: 'offline',
    included_grant_scopes: 'true',
  }).toString();
  let res = await jar.fetch(auth);
  expect(res.status).toBe(303);
  const interaction = new URL(res.headers.get('location')!, google.url);
  const page = await jar.fetch(interaction);
  expect(await page.text()).toContain('Sign in');
  res = await jar.fetch(interaction, { method: 'POST', body: new URLSearchParams({ email, name, action: 'login' }) });
  let location = res.headers.get('location')!;
  while (!location?.startsWith(REDIRECT)) {
    if (location) {
      res = await jar.fetch(new URL(location, google.url));
    } else {
      // A page that submits itself (ending the previous account's session), as the browser's script would.
      const page = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`no redirect: ${res.status} ${page}`);
      const fields = [...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]);
      res = await jar.fetch(action, { method: 'POST', body: new URLSearchParams(fields) });
    }
    location = res.headers.get('location')!;
  }
  const back = new URL(location);
  expect(back.searchParams.get('state')).toBe(state);
  return { code: back.searchParams.get('code')!, verifier, jar };
}

describe('Google stand-in (OpenID Connect)', () => {
  it('publishes a discovery document with PKCE, as Google does', () => {
    expect(discovery.issuer).toBe(google.url);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.userinfo_endpoint).toMatch(/^http:\/\/localhost:\d+\//);
  });

  it('issues a code for the typed email, exchanges it for a signed ID token, and serves userinfo', async () => {
    const { code, verifier } = await signInAs('Ada@Example.com', 'Ada Lovelace');
    const tokenRes = await fetch(discovery.token_endpoint!, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: LOCAL_GOOGLE_CLIENT.clientId,
        client_secret: LOCAL_GOOGLE_CLIENT.clientSecret,
        code_verifier: verifier,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { id_token: string; access_token: string };

    const [header, payload, signature] = tokens.id_token.split('.') as [string, string, string];
    const { keys } = (await (await fetch(discovery.jwks_uri!)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = keys.find((k) => k.kid === decodePart(header).kid)!;
    const valid = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
    expect(valid).toBe(true);
    expect(decodePart(payload)).toMatchObject({ iss: google.url, aud: LOCAL_GOOGLE_CLIENT.clientId, sub: subjectFor('ada@example.com') });

    const info = await fetch(discovery.userinfo_endpoint!, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await info.json()).toEqual({ sub: subjectFor('ada@example.com'), email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' });
  });

  it('asks for an account on every sign-in, so another email can be used', async () => {
    const first = await signInAs('one@example.com', 'One');
    const second = await signInAs('two@example.com', 'Two', first.jar);
    expect(second.code).not.toBe(first.code);
  });

  it('refuses a redirect address it does not know', async () => {
    const auth = new URL(discovery.authorization_endpoint!);
    auth.search = new URLSearchParams({ client_id: LOCAL_GOOGLE_CLIENT.clientId, redirect_uri: 'http://evil.example/cb', response_type: 'code', scope: 'openid' }).toString();
    const res = await fetch(auth, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect_uri');
  });
});
