import type { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { apiOrigin } from '../../../shared/api-base';
import { API_TIMEOUT_MS } from './unreachable';

/**
 * The product's HTTP client (cookies sent). Every call gives up after API_TIMEOUT_MS, where spec §9 said
 * no timeout (docs/decisions.md#24): the page then says the service is away and offers Retry. Spec §9's XSRF-TOKEN cookie is not
 * read: no server sets one. The session cookies are SameSite=Lax, and every write must come with the
 * `rid` header set below and from the site's own origin (docs/security.md#who-may-call-what).
 *
 * axios (about 21 KB gzip) loads with the first call, not with the page: a form pays for it when it
 * is sent, and a signed-out visit to the dashboard, sent on to /signin, never does. Calls go through
 * XMLHttpRequest, which the web SDK intercepts once set up (refreshing expired sessions, taking the
 * tokens the API hands back): set up when a page signs in or out, when the front token says the
 * access token has expired, or when a call is answered 401 (withSdkOnUnauthorised).
 */
let client: Promise<AxiosInstance> | undefined;

/** The value the web SDK gives `rid` on calls that are not its own (supertokens-website's anti-CSRF header). */
export const ANTI_CSRF_RID = 'anti-csrf';

/** A call's config, marked once it has been sent again through the SDK (axios keeps unknown keys). */
type ThroughSdk<C> = C & { throughSdk?: boolean };

/**
 * A signed-in page paints without the SDK while the front token says its access token holds
 * (../auth/session.tsx). A 401 then means the token expired or was ended: the SDK loads, and the call
 * goes again through it, which refreshes (or, the session over, answers the 401 and signs out here).
 */
function withSdkOnUnauthorised(instance: AxiosInstance): AxiosInstance {
  instance.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as ThroughSdk<InternalAxiosRequestConfig> | undefined;
    // Once only: a call that went through the SDK and still got 401 is a session that is over.
    if (error.response?.status !== 401 || !config || config.throughSdk) throw error;
    // Imported here, not above: the marketing pages' forms use this client and carry no auth code.
    const { authSdk } = await import('../auth/auth-sdk');
    await authSdk();
    return instance.request<unknown>({ ...config, throughSdk: true } as ThroughSdk<InternalAxiosRequestConfig>);
  });
  return instance;
}

/** The axios instance, loaded on first need; call it early to start the download sooner. */
export function loadApiClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(
    ({ default: axios }) =>
      withSdkOnUnauthorised(
        axios.create({
          baseURL: typeof window === 'undefined' ? '' : apiOrigin(window.location, __LOCAL_API_ORIGIN__),
          withCredentials: true,
          timeout: API_TIMEOUT_MS,
          // The custom header every write sent with the session cookies must carry (functions/lib/policy.ts):
          // another site cannot add it to a cross-origin request. The web SDK sends the same (`rid`) on its own calls.
          headers: { rid: ANTI_CSRF_RID },
        }),
      ),
    (error: unknown) => {
      // A chunk that failed to arrive is asked for again on the next call.
      client = undefined;
      throw error;
    },
  );
  return client;
}

type Method = 'get' | 'delete' | 'post' | 'patch' | 'put';

/** One of axios's methods, forwarded to the instance once it is loaded; typed as axios types it. */
function forward<M extends Method>(method: M): AxiosInstance[M] {
  return ((...args: unknown[]) => loadApiClient().then((instance) => (instance[method] as (...a: unknown[]) => Promise<unknown>).apply(instance, args))) as AxiosInstance[M];
}

/** The calls the product makes, as axios makes them. */
export const api = { get: forward('get'), delete: forward('delete'), post: forward('post'), patch: forward('patch'), put: forward('put') };

/**
 * axios's isAxiosError (the same test of the same marker), for code that only looks at a failure:
 * importing axios's own would bring all of axios into that code's chunk.
 */
export function isApiError<T = unknown>(error: unknown): error is AxiosError<T> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}
