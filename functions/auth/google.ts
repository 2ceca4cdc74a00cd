/**
 * The Google provider for supertokens-node. Its endpoints come from an OpenID discovery document:
 * Google's own unless `GOOGLE_OIDC_ISSUER` names another issuer (locally, the stand-in on port 4500).
 * The client id and secret are read from the `google` secret only when a Google call needs them, so
 * Lambdas that merely verify sessions never read it.
 */
import type { ProviderInput } from 'supertokens-node/recipe/thirdparty/types';
import { getSecret } from '../lib/secrets';

export const GOOGLE_DISCOVERY = 'https://accounts.google.com/.well-known/openid-configuration';

export function googleProvider(env: NodeJS.ProcessEnv = process.env): ProviderInput {
  const issuer = env.GOOGLE_OIDC_ISSUER?.replace(/\/$/, '');
  return {
    config: {
      thirdPartyId: 'google',
      oidcDiscoveryEndpoint: issuer ? `${issuer}/.well-known/openid-configuration` : GOOGLE_DISCOVERY,
      // Filled from the secret below; SuperTokens needs the client's shape at start.
      clients: [{ clientId: 'from-secret', scope: ['openid', 'email', 'profile'] }],
    },
    override: (original) => ({
      ...original,
      async getConfigForClientType(input) {
        const config = await original.getConfigForClientType(input);
        const { clientId, clientSecret } = await getSecret('google', env);
        return { ...config, clientId, clientSecret };
      },
    }),
  };
}
