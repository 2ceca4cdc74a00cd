/**
 * A passkey authenticator inside Chromium: the DevTools protocol's WebAuthn domain through
 * playwright-core's CDP session, an internal (platform) CTAP2 authenticator that keeps resident keys
 * and verifies its user, answering the page's navigator.credentials calls at once.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The credentials it holds, as the protocol lists them. */
  credentials(): Promise<{ credentialId: string; rpId?: string; isResidentCredential: boolean }[]>;
  /** Plants a passkey for the site that no account has registered (what a stale or foreign passkey looks like). */
  addStrangerPasskey(rpId: string): Promise<void>;
}

export async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    addStrangerPasskey: async (rpId) => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: {
          credentialId: randomBytes(32).toString('base64'),
          isResidentCredential: true,
          rpId,
          privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
          userHandle: randomBytes(16).toString('base64'),
          signCount: 0,
        },
      });
    },
  };
}
