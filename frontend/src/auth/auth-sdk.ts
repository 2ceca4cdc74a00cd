/** The web SDK (./supertokens.ts), loaded and set up on first need, once. */
type AuthSdk = typeof import('./supertokens');

let loading: Promise<AuthSdk> | undefined;

export function authSdk(): Promise<AuthSdk> {
  loading ??= import('./supertokens').then(
    (sdk) => {
      sdk.initSuperTokens();
      return sdk;
    },
    (error: unknown) => {
      // A chunk that failed to arrive (a flaky network) is asked for again next time.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
