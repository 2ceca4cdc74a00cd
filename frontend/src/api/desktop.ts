import type { DesktopConsent } from '../../../shared/api-types';
import { desktopSignInQuery, type DesktopSignIn } from '../../../shared/desktop-sign-in';
import type { DesktopConsentBody } from '../../../shared/schemas/desktop';
import { api } from './client';

/**
 * POST /api/auth/desktop/consent (docs/desktop-api.md): the signed-in browser's "Continue to the app",
 * answered with the desktop app's loopback address and its one-time code.
 */
export async function consentToDesktopSignIn(signIn: DesktopSignIn): Promise<string> {
  const body = Object.fromEntries(new URLSearchParams(desktopSignInQuery(signIn))) as DesktopConsentBody;
  const { data } = await api.post<DesktopConsent>('/api/auth/desktop/consent', body);
  return data.redirectUrl;
}
