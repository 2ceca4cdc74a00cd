/**
 * The product's auth API as the web SDK calls it (spec §7: rid header, formFields, cookies), over
 * real HTTP through the local gateway, one cookie jar per person.
 *
 * Each person speaks from a loopback address of their own (127.a.b.c; Linux routes all of 127/8 to
 * the machine), as people do from their own connections: the auth limits count per address, and a
 * test file's many sign-ups would otherwise all come from one.
 */
import { randomInt } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { CookieJar } from './cookie-jar';

/** A loopback address other than 127.0.0.1 (which browsers and plain fetch in the tests use). */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface AuthStatus {
  status: string;
  [key: string]: unknown;
}

export class AuthApi {
  readonly jar = new CookieJar();
  private readonly agent: Agent;

  constructor(
    readonly api: string,
    readonly web: string,
    readonly address: string = randomLoopbackAddress(),
  ) {
    // A Client option: undici's connector would overwrite a `connect.localAddress` with this one.
    this.agent = new Agent({ localAddress: address });
  }

  /** `headers` add to or replace the web SDK's; one given as '' is not sent. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    // 127.0.0.1, not localhost: localhost may resolve to ::1, which a 127.x source address cannot reach.
    const url = new URL(`${this.api}${path}`);
    if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
    // `rid` as the web SDK and the API client send it: every write with the session cookies must carry it (functions/lib/policy.ts).
    const sent = new Headers({ origin: this.web, 'content-type': 'application/json', 'st-auth-mode': 'cookie', rid: 'anti-csrf', ...headers });
    // A header given as '' is left out (a request without Origin, or without `rid`).
    for (const [name, value] of Object.entries(headers)) if (value === '') sent.delete(name);
    if (this.jar.header()) sent.set('cookie', this.jar.header());
    const response = (await undiciFetch(url, {
      method,
      headers: [...sent],
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      dispatcher: this.agent,
    })) as unknown as Response;
    this.jar.store(response);
    return response;
  }

  private async auth(path: string, rid: string, body: unknown, method = 'POST'): Promise<AuthStatus> {
    const res = await this.call(method, `/api/auth${path}`, body, { rid });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as AuthStatus;
  }

  signUp(email: string, password: string) {
    return this.auth('/signup', 'emailpassword', { formFields: [{ id: 'email', value: email }, { id: 'password', value: password }] });
  }

  signIn(email: string, password: string) {
    return this.auth('/signin', 'emailpassword', { formFields: [{ id: 'email', value: email }, { id: 'password', value: password }] });
  }

  /** The verification link's token used (POST /user/email/verify, what /verify-email does). */
  verifyEmail(token: string) {
    return this.auth('/user/email/verify', 'emailverification', { method: 'token', token });
  }

  /** "Send the link again" on the Check your inbox page. */
  resendVerification(): Promise<Response> {
    return this.call('POST', '/api/auth/user/email/verify/token', undefined, { rid: 'emailverification' });
  }

  signOut() {
    return this.auth('/signout', 'session', {});
  }

  requestPasswordReset(email: string) {
    return this.auth('/user/password/reset/token', 'emailpassword', { formFields: [{ id: 'email', value: email }] });
  }

  resetPassword(token: string, password: string) {
    return this.auth('/user/password/reset', 'emailpassword', { method: 'token', token, formFields: [{ id: 'password', value: password }] });
  }

  /** A product API call (e.g. POST /api/users) with this person's cookies. */
  async post(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await this.call('POST', path, body);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** A product API GET (e.g. /api/user-profile) with this person's cookies. */
  async get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await this.call('GET', path);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  hasSession(): boolean {
    return this.jar.get('sAccessToken') !== undefined;
  }
}
