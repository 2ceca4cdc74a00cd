/**
 * The reference desktop client of docs/desktop-api.md ("Sign-in handoff"): how a desktop app signs in, with a
 * loopback listener (RFC 8252 §7.3), PKCE S256 (RFC 7636) and `state` checked. Free of this project's
 * imports so a desktop developer can copy it. `npm run desktop:sign-in`, the integration tests and the
 * browser journey all sign in through it, so the copy in the docs is one that works.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** RFC 7636 §4.1–4.2: a new verifier (32 random bytes are 43 characters) and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** RFC 8252 with PKCE: `open` shows the user the sign-in address; resolves to the app's own session. */
export async function desktopSignIn(site: string, api: string, open: (url: string) => unknown) {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString('base64url');
  const server = createServer();
  const callback = new Promise<URLSearchParams>((resolve) =>
    server.on('request', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') return void res.writeHead(404).end();
      res.end('Signed in. You can close this window.');
      resolve(url.searchParams);
    }),
  );
  await once(server.listen(0, '127.0.0.1'), 'listening');
  try {
    const redirect = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    const query = new URLSearchParams({ origin: 'desktop', redirect_url: redirect, code_challenge: challenge, code_challenge_method: 'S256', state });
    await open(`${site}/signin?${query}`);
    const params = await callback;
    if (params.get('state') !== state) throw new Error('the sign-in that came back is not the one this app started');
    const res = await fetch(`${api}/api/auth/desktop/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: params.get('code'), code_verifier: verifier }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`sign-in refused: ${body.message}`);
    return body as { userId: string; accessToken: string; refreshToken: string; accessTokenExpiry: number };
  } finally {
    server.close();
  }
}
