/**
 * The product's auth API as the web SDK calls it (spec §7: rid header, formFields, cookies), over
 * real HTTP through the local gateway, one cookie jar per person.
 */
import { CookieJar } from './cookie-jar';

export interface AuthStatus {
  status: string;
  [key: string]: unknown;
}

export class AuthApi {
  readonly jar = new CookieJar();

  constructor(
    readonly api: string,
    readonly web: string,
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.jar.fetch(`${this.api}${path}`, {
      method,
      headers: { origin: this.web, 'content-type': 'application/json', 'st-auth-mode': 'cookie', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
