/**
 * What each session remembers about the client that holds it, for /account's "Where you are signed in":
 * a browser (its name and system, parsed from the user agent at sign-in; the agent itself is not kept)
 * or the desktop app (the system of the browser that handed it the session: the app runs on that
 * computer), and when it was last active (its last refresh). Kept in the session's data in the core
 * (`sessionDataInDatabase`), which ends with the session; nothing goes into the access token.
 */
// zod/mini, as everywhere in the functions: full zod would put ~440 KB in the auth and account bundles.
import * as z from 'zod/mini';
import { userAgentNames } from './user-agent';

const LABEL = z.optional(z.string().check(z.maxLength(40)));

const sessionClient = z.union([z.object({ kind: z.literal('browser'), browser: LABEL, os: LABEL }), z.object({ kind: z.literal('desktop'), os: LABEL })]);

export type SessionClient = z.infer<typeof sessionClient>;

/**
 * Roughly where the session signed in: CloudFront's viewer country and region (ISO 3166 codes, from
 * the `cloudfront-viewer-country` and `-country-region` headers its origin request policy forwards to
 * the API, infra/constructs/site.ts), or 'local' for a sign-in from a loopback or private address (the
 * local runtime, with no CloudFront in front). Codes only: the page names them.
 */
const sessionPlace = z.union([z.object({ country: z.string().check(z.regex(/^[A-Z]{2}$/)), region: z.optional(z.string().check(z.regex(/^[A-Z0-9]{1,3}$/))) }), z.literal('local')]);

export type SessionPlace = z.infer<typeof sessionPlace>;

const sessionData = z.object({ client: z.optional(sessionClient), lastActiveAt: z.optional(z.number()), place: z.optional(sessionPlace) });

export type ClientData = z.infer<typeof sessionData>;

/** A session's data as stored; a session from before clients were recorded (or other data) reads as nothing known. */
export function readClientData(stored: unknown): ClientData {
  const read = sessionData.safeParse(stored);
  return read.success ? read.data : {};
}

const PRIVATE_ADDRESS = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|f[cd][0-9a-f]{2}:|::ffff:127\.)/i;

/** Where a sign-in came from, from CloudFront's viewer headers; 'local' for a private address without them; undefined otherwise. */
export function placeOf(header: (name: string) => string | undefined, sourceIp: string | undefined): SessionPlace | undefined {
  const country = header('cloudfront-viewer-country')?.trim().toUpperCase();
  if (country) {
    const read = sessionPlace.safeParse({ country, region: header('cloudfront-viewer-country-region')?.trim().toUpperCase() || undefined });
    return read.success ? read.data : undefined;
  }
  return sourceIp && PRIVATE_ADDRESS.test(sourceIp) ? 'local' : undefined;
}

/** A browser, from its user agent: its name and system as bowser names them (e.g. "Chrome", "Windows"; ./user-agent.ts). */
export function browserOf(userAgent: string | undefined): SessionClient {
  const names = userAgent ? userAgentNames(userAgent) : {};
  return { kind: 'browser', browser: names.browser, os: names.os };
}

/** The desktop app on the computer whose browser handed it its session. */
export function desktopAppOn(browserSession: unknown): SessionClient {
  const { client } = readClientData(browserSession);
  return { kind: 'desktop', os: client?.os };
}
