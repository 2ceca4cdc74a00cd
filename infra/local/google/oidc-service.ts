/**
 * Google, locally: a real OpenID Connect provider (oidc-provider) on loopback. It issues real
 * authorisation codes, access tokens and signed ID tokens; its sign-in page accepts any email and
 * name. supertokens-node's Google provider finds it through its discovery document
 * (`GOOGLE_OIDC_ISSUER`), exactly as it finds accounts.google.com when deployed.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { PRODUCT_NAME } from '../../../shared/product';
import { readForm, sendHtml, type BodyLimit } from '../http-kit';
import { close, listen } from '../http-server';
import type { LocalService } from '../service';
import { escapeHtml, loginPage } from './login-page';

/** The local OAuth client; the local stack hands the same values to the auth Lambda as its google secret. */
export const LOCAL_GOOGLE_CLIENT = { clientId: 'voxpen-local.apps.googleusercontent.com', clientSecret: 'local-google-client-secret' } as const;

export interface GoogleStandInOptions {
  port: number;
  /** Every address the product's Google redirect may come back to (web and API origins). */
  redirectUris: string[];
  client?: { clientId: string; clientSecret: string };
}

interface Account {
  sub: string;
  email: string;
  name: string;
}

/** Google's subject ids are stable digit strings; the same email always gets the same one. */
export function subjectFor(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  return (BigInt(`0x${digest.subarray(0, 9).toString('hex')}`) % 10n ** 21n).toString().padStart(21, '1');
}

/**
 * oidc-provider warns that Node 20 is not its preferred runtime and that its store is in memory; we
 * run Node 20 locally on purpose, and a stand-in that forgets its codes on restart is what we want.
 */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!/Unsupported runtime|in-memory adapter/.test(String(args[0]))) warn(...args);
  };
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

/** The sign-in form holds an email and a name. */
const FORM_LIMIT: BodyLimit = { maxBytes: 16_384, overflow: 'hang-up' };

/** The provider and its sign-in page as one Node request handler. */
export async function createGoogleStandIn(issuer: string, options: GoogleStandInOptions): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const { default: Provider, interactionPolicy } = await quietly(() => import('oidc-provider'));
  const client = options.client ?? LOCAL_GOOGLE_CLIENT;
  const accounts = new Map<string, Account>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  // Like Google's account chooser: the form shows on every sign-in, so another email can be tried.
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('every_time', 'the local stand-in asks for an account on every sign-in', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = await quietly(async () => new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: PRODUCT_NAME,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google's ID tokens carry the scopes' claims (email, email_verified, name), and supertokens-node
    // reads email_verified from the ID token first: with oidc-provider's default (claims in userinfo
    // only) every Google address would arrive unverified.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile'],
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }) };
    },
    // A first-party client: consent is implied, as it is for an app's own Google sign-in.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { policy, url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Google's own lifetimes, roughly: codes are short-lived, tokens last an hour.
    ttl: { AuthorizationCode: 60, AccessToken: 3600, IdToken: 3600, Interaction: 600, Session: 86_400, Grant: 86_400 },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, unknown>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><pre>${escapeHtml(`${String(out.error)}: ${String(out.error_description ?? '')}`)}</pre>`;
    },
  }));

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const action = `/interaction/${uid}`;
    if (req.method !== 'POST') return sendHtml(res, 200, loginPage({ action, clientName: PRODUCT_NAME }));

    const form = await readForm(req, FORM_LIMIT);
    if (form.get('action') === 'cancel') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const name = (form.get('name') ?? '').trim() || email.split('@')[0]!;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return sendHtml(res, 400, loginPage({ action, clientName: PRODUCT_NAME, error: 'Enter a valid email address', email, name }));
    }
    const sub = subjectFor(email);
    accounts.set(sub, { sub, email, name });
    await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
  }

  const oidcHandler = provider.callback();
  return (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return void oidcHandler(req, res);
    interaction(req, res, match[1]!).catch((error: unknown) => {
      console.error('[google] sign-in page failed:', (error as Error).message);
      if (!res.headersSent) sendHtml(res, 400, '<!doctype html><title>Sign-in expired</title><h1>This sign-in has expired</h1><p>Go back to the app and start again.</p>');
    });
  };
}

export function googleStandInService(options: GoogleStandInOptions): LocalService {
  return {
    name: 'Google stand-in (OIDC)',
    port: options.port,
    async start() {
      const issuer = `http://localhost:${options.port}`;
      const server = createServer(await createGoogleStandIn(issuer, options));
      await listen(server, options.port);
      return { url: issuer, stop: () => close(server) };
    },
  };
}
