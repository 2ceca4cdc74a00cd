/**
 * What a visitor came to sign in (or sign up) for, and where a finished sign-in therefore goes: the
 * one place every page that can end a sign-in asks (sign-in, sign-up, the Google callback, email
 * verification, the signed-in redirects). Three intents, in this order:
 *  - a desktop sign-in (the app opened /signin with its loopback address and PKCE challenge): /launch,
 *    which hands the app its code;
 *  - a plan chosen on /pricing while signed out, with its billing period: /pricing, which starts
 *    Stripe Checkout for that very plan and period;
 *  - a return path (a signed-out /account, /pricing): that page.
 * Each is kept in session storage (desktop-handoff.ts, return-to.ts), which survives Google's page loads.
 */
import { authTexts } from '../../../shared/texts/auth';
import { forgetReturnTo, rememberedPlanChoice, rememberedReturnTo, type PlanChoice } from '../return-to';
import { pendingDesktopSignIn } from './desktop-handoff';

export type SignInIntent = { kind: 'desktop'; params: URLSearchParams } | ({ kind: 'plan' } & PlanChoice) | { kind: 'return'; path: string };

/** The pending intent, left in place (afterSignInPath uses it up). */
export function signInIntent(storage: Storage = sessionStorage): SignInIntent | undefined {
  const desktop = pendingDesktopSignIn(storage);
  if (desktop) return { kind: 'desktop', params: desktop };
  const plan = rememberedPlanChoice(storage);
  if (plan) return { kind: 'plan', ...plan };
  const path = rememberedReturnTo(storage);
  return path ? { kind: 'return', path } : undefined;
}

/** The address /pricing reads a plan intent from: the period preselected, Checkout started if the choice is still remembered. */
export function pricingPathFor(choice: PlanChoice): string {
  return `/pricing?plan=${choice.plan}&interval=${choice.interval}`;
}

/** Marks this browser as one that has signed in, so /signin greets it as returning. */
export const SIGNED_IN_BEFORE_KEY = 'voxpen.signedInBefore';

export function hasSignedInBefore(storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(SIGNED_IN_BEFORE_KEY) === '1';
  } catch {
    return false;
  }
}

function markSignedIn(storage: Storage = localStorage): void {
  try {
    storage.setItem(SIGNED_IN_BEFORE_KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the next visit is greeted as new, nothing worse.
  }
}

/**
 * Where a finished sign-in goes, by the intent; the dashboard when there is none. It uses the return
 * path up (the plan choice is /pricing's to use): call it once per sign-in.
 */
export function afterSignInPath(storage: Storage = sessionStorage, marks: Storage = localStorage): string {
  const intent = signInIntent(storage);
  forgetReturnTo(storage);
  markSignedIn(marks);
  if (!intent) return '/dashboard';
  if (intent.kind === 'desktop') return `/launch?${intent.params}`;
  if (intent.kind === 'plan') return pricingPathFor(intent);
  return intent.path;
}

/** /signin's address that keeps a pending desktop sign-in (/signin forgets one its address does not carry). */
export function signInPathKeepingIntent(storage: Storage = sessionStorage): string {
  const desktop = pendingDesktopSignIn(storage);
  return desktop ? `/signin?origin=desktop&${desktop}` : '/signin';
}

const t = authTexts.intent;

/** /signin's heading: what the visitor came for, else a welcome back only to a browser that has signed in before. */
export function signInHeading(intent: SignInIntent | undefined, signedInBefore: boolean): string {
  if (intent?.kind === 'desktop') return t.signInForDesktop;
  if (intent?.kind === 'plan') return t.signInForPlan(t.plan(intent.interval));
  return signedInBefore ? t.welcomeBack : t.signIn;
}

/** /signup's heading: what the visitor came for, else the product's promise. */
export function signUpHeading(intent: SignInIntent | undefined): string {
  if (intent?.kind === 'desktop') return t.signUpForDesktop;
  if (intent?.kind === 'plan') return t.signUpForPlan(t.plan(intent.interval));
  return t.signUp;
}
