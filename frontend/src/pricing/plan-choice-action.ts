/**
 * /pricing's route action: a signed-in viewer's plan button (spec §4, §8). The form names the plan,
 * the period and the viewer's plan as the page shows it (the API decides again what may be bought);
 * the ones that only navigate are redirects, and the billing code, loaded here on demand (a marketing
 * page carries none), opens Checkout or the portal.
 */
import { redirect, type ActionFunctionArgs } from 'react-router';
import type { BillingInterval, PlanId } from '../../../shared/plans';
import { planAction, rememberSignInFor, type AccountPlan } from './plan-action';

/** What a plan button's press came to, when the page stays. */
export interface PlanChoiceAnswer {
  /** The plan whose Stripe page the browser is loading: its button stays busy until the page goes. */
  left?: PlanId;
  /** The failure, for the page's alert. */
  error?: string;
  /** spec §8: after a 401, sign in again, once the message has shown this long. */
  signInAfterMs?: number;
}

const PLAN_IDS: readonly PlanId[] = ['free', 'pro', 'enterprise'];
const INTERVALS: readonly BillingInterval[] = ['monthly', 'annually'];
const ACCOUNT_PLANS: readonly AccountPlan[] = ['free', 'pro'];

function oneOf<T extends string>(form: FormData, name: string, allowed: readonly T[]): T {
  const value = form.get(name);
  // Only the page's own buttons post here; anything else is a bug of ours, said as one.
  if (!allowed.includes(value as T)) throw new Error(`/pricing's action was sent ${name}=${String(value)}`);
  return value as T;
}

export async function planChoiceAction({ request }: ActionFunctionArgs): Promise<PlanChoiceAnswer | Response> {
  const form = await request.formData();
  const plan = oneOf(form, 'plan', PLAN_IDS);
  const interval = oneOf(form, 'interval', INTERVALS);
  const action = planAction(plan, oneOf(form, 'current', ACCOUNT_PLANS), interval);
  if (action.kind === 'contact') return redirect('/contact');
  if (action.kind === 'dashboard') return redirect('/dashboard');
  const billing = await import('../billing/plan-choice');
  const outcome = await billing.runPlanAction(action);
  if (outcome.kind === 'left') return { left: plan };
  // Remembered now: the page goes to sign-in once the message has shown, and comes back for this plan.
  if (outcome.signIn) rememberSignInFor(plan, interval);
  return { error: outcome.message, ...(outcome.signIn ? { signInAfterMs: billing.NOTICE_REDIRECT_MS } : {}) };
}
