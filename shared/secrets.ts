/**
 * Every secret the product reads, by name, with the JSON fields its value holds. Deployed, each is a
 * Secrets Manager secret whose id reaches a Lambda as `SECRET_ID_<NAME>` (a name, never the value);
 * locally, the local stack hands development values in `LOCAL_SECRET_<NAME>`. Handlers call
 * `getSecret()` (functions/lib/secrets.ts) and never see the difference.
 */
export const secrets = {
  supertokens: { description: 'SuperTokens core connection', fields: ['connectionUri', 'apiKey'] },
  google: { description: 'Google OAuth client for sign-in', fields: ['clientId', 'clientSecret'] },
  stripe: { description: 'Stripe API key and webhook signing secret', fields: ['secretKey', 'webhookSecret'] },
  ipHash: { description: 'Pepper for hashing visitor IP addresses, so none is stored raw', fields: ['pepper'] },
} as const;

export type SecretName = keyof typeof secrets;
export type SecretValue<N extends SecretName> = Record<(typeof secrets)[N]['fields'][number], string>;

export function secretIdEnvName(name: SecretName): string {
  return `SECRET_ID_${name.toUpperCase()}`;
}

export function localSecretEnvName(name: SecretName): string {
  return `LOCAL_SECRET_${name.toUpperCase()}`;
}
