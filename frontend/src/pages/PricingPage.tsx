import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useFetcher, useLocation, useNavigate } from 'react-router';
import { CHECKOUT_CANCELLED_PARAM, PLANS, type BillingInterval, type Plan, type PlanId } from '../../../shared/plans';
import { billingUiTexts } from '../../../shared/texts/plans-ui';
import { FocusedAlert } from '../components/FocusedAlert';
import { Icon } from '../components/icons';
import { PageHeader } from '../components/PageHeader';
import { useHydrated } from '../hooks/use-hydrated';
import { usePageRestored } from '../hooks/use-page-restored';
import { useRead } from '../hooks/use-read';
import { useTimeout } from '../hooks/use-timeout';
import { ComparePlans } from '../pricing/ComparePlans';
import { Faq } from '../pricing/Faq';
import { IntervalToggle } from '../pricing/IntervalToggle';
import { planAction, rememberSignInFor, SIGN_IN_STATE, type AccountPlan } from '../pricing/plan-action';
import type { PlanChoiceAnswer } from '../pricing/plan-choice-action';
import { PlanPrice } from '../pricing/PlanPrice';
import { trialTexts } from '../pricing/trial-texts';
import { forgetPlanChoice, rememberedPlanChoice } from '../return-to';
import { hasSessionHint } from '../session-hint';

/** What a signed-in viewer's plan button sends (the billing code loads with the action, on demand). */
export { planChoiceAction as action } from '../pricing/plan-choice-action';

const t = billingUiTexts.planButton;

/*
 * spec §4: what a plan card's button says and whether it can be pressed: plain functions of the
 * plan, the viewer's current plan (undefined for a visitor) and whether a checkout is being created,
 * so the page and its tests read the same rules (what pressing it does: ../pricing/plan-action.ts).
 */

/**
 * spec §4: Processing... while checkout is created; Current Plan; Switch to Free when on Pro viewing
 * Free; Upgrade to Pro on Pro for a signed-in Free account (what it does, not "Get Started" for someone
 * who has); else Get Started.
 */
export function planButtonLabel(plan: PlanId, current: AccountPlan | undefined, processing: boolean): string {
  if (processing) return t.processing;
  if (current === plan) return t.current;
  if (current === 'pro' && plan === 'free') return t.switchToFree;
  if (current === 'free' && plan === 'pro') return t.upgrade;
  return t.getStarted;
}

/** spec §4: disabled while processing or for the current plan. */
export function planButtonDisabled(plan: PlanId, current: AccountPlan | undefined, processing: boolean): boolean {
  return processing || current === plan;
}

interface PlanChoice {
  /** The signed-in viewer's plan; undefined for a visitor (and until the profile has loaded). */
  current?: AccountPlan;
  /** False once the profile shows the account has had its one trial; a visitor may still have it. */
  trialAvailable?: boolean;
  /** The plan whose checkout or portal is being opened. */
  processing?: PlanId;
  /** After a 401, until the page goes to sign-in: no button may start anything. */
  locked: boolean;
  /** The last failure, for the page's alert. */
  error?: string;
  choose: (plan: PlanId) => void;
}

/** The signed-in viewer's plan, as the billing code reads it (loaded with it). */
async function loadAccount(): Promise<{ plan: AccountPlan; trialAvailable: boolean } | undefined> {
  try {
    const billing = await import('../billing/plan-choice');
    return await billing.loadAccountPlan();
  } catch (failure) {
    // The visitor's buttons still lead somewhere useful: sign-in sends a signed-in user on.
    console.error('Could not load the current plan', failure);
    return undefined;
  }
}

/**
 * spec §4 for a signed-in viewer of /pricing. The session hint is read after hydration, so the
 * prerendered HTML stays the visitor's version (hence no route loader: the page has no data at
 * build time), and the billing code loads only then (routes.tsx: marketing pages carry no billing
 * code). A press goes through the route's action by a fetcher: its state is the button's Processing...
 */
function usePlanChoice(interval: BillingInterval): PlanChoice {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const read = useRead(loadAccount, hydrated && hasSessionHint() ? 'account' : undefined).state;
  const account = read.status === 'done' ? read.value : undefined;
  const fetcher = useFetcher<PlanChoiceAnswer>();
  const sending = fetcher.formData?.get('plan') as PlanId | undefined;
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  // Back from Stripe's page the browser may restore this page as it left it: 'Processing...' included.
  const [restored, setRestored] = useState<PlanChoiceAnswer>();
  usePageRestored(() => setRestored(fetcher.data));
  const processing = sending ?? (answer !== restored ? answer?.left : undefined);
  // spec §8: the message first, then sign-in; meanwhile no button starts anything.
  const signInAfterMs = answer?.signInAfterMs;
  useTimeout(() => navigate('/signin', { state: SIGN_IN_STATE }), signInAfterMs);
  const locked = signInAfterMs !== undefined;

  const choose = useCallback(
    (plan: PlanId, chosenInterval: BillingInterval = interval) => {
      if (!account || processing || locked) return;
      void fetcher.submit({ plan, interval: chosenInterval, current: account.plan }, { method: 'post' });
    },
    [account, processing, locked, interval, fetcher],
  );

  // Back from a sign-in that began with Pro: Checkout for the plan and period chosen then, once. An
  // account already on Pro just sees its plan here; nothing is bought twice.
  // An effect: nothing the visitor does starts this checkout; the plan arriving from the API does.
  useEffect(() => {
    const pending = account && rememberedPlanChoice();
    if (!pending) return;
    forgetPlanChoice();
    if (planAction(pending.plan, account.plan, pending.interval).kind === 'checkout') choose(pending.plan, pending.interval);
  }, [account, choose]);

  return { current: account?.plan, trialAvailable: account?.trialAvailable, processing, locked, error: answer?.error, choose };
}

interface PlanButtonProps {
  plan: Plan;
  interval: BillingInterval;
  /** The signed-in viewer's plan; undefined for a visitor. */
  current?: AccountPlan;
  /** The plan being processed, if any: every button waits for it (spec §4: disabled while processing). */
  processing?: PlanId;
  /** Every button waits while the page is on its way to sign-in (after a 401). */
  locked?: boolean;
  onChoose?: (plan: PlanId) => void;
}

/**
 * spec §4: a plan card's button. Where it only navigates (Enterprise, a visitor) it is a link, so it
 * works in the prerendered page before hydration; for a signed-in viewer it is a button.
 */
function PlanButton({ plan, interval, current, processing, locked = false, onChoose }: PlanButtonProps) {
  const className = plan.id === 'pro' ? 'btn btn-primary btn-block' : 'btn btn-ghost btn-block';
  const action = planAction(plan.id, current, interval);
  const label = planButtonLabel(plan.id, current, processing === plan.id);
  if (action.kind === 'contact') {
    return (
      <Link to="/contact" className={className}>
        {label}
      </Link>
    );
  }
  if (action.kind === 'sign-in') {
    // spec §4: back to /pricing after sign-in, remembered where Google sign-in's page loads cannot lose it.
    return (
      <Link to="/signin" state={SIGN_IN_STATE} className={className} onClick={() => rememberSignInFor(plan.id, interval)}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={planButtonDisabled(plan.id, current, processing !== undefined || locked)}
      aria-busy={processing === plan.id || undefined}
      onClick={() => onChoose?.(plan.id)}
    >
      {label}
    </button>
  );
}

/** A plan card's list; Pro's promises the trial only while the viewer can still have it (once per account). */
function featuresOf(plan: Plan, trialAvailable: boolean | undefined): readonly string[] {
  return plan.id === 'pro' && trialAvailable !== false ? [...plan.features, trialTexts.planFeature] : plan.features;
}

/**
 * Back from Stripe's Checkout by its cancel link (cancel_url carries CHECKOUT_CANCELLED_PARAM): said
 * once, shown after hydration (the prerendered page is every visitor's). Read as the page opens;
 * the page then makes its address plain (PricingPage), so a reload does not say it twice.
 */
function openedCancelled(search: string): boolean {
  return new URLSearchParams(search).get(CHECKOUT_CANCELLED_PARAM.name) === CHECKOUT_CANCELLED_PARAM.value;
}

/** A plan chosen before signing in keeps its period when the visitor comes back; read as the page opens. */
function rememberedInterval(): BillingInterval | undefined {
  return typeof window === 'undefined' ? undefined : rememberedPlanChoice()?.interval;
}

/** The period a cancelled checkout was for (its cancel_url says it: functions/billing/checkout.ts), so the page comes back set to it. */
function cancelledInterval(search: string): BillingInterval | undefined {
  const interval = new URLSearchParams(search).get('interval');
  return interval === 'annually' || interval === 'monthly' ? interval : undefined;
}

export function PricingPage() {
  const { pathname, search } = useLocation();
  // What this visit brought (read as the page opens), shown once hydrated: the prerendered page is
  // every visitor's, Monthly and not cancelled.
  const hydrated = useHydrated();
  const [opened] = useState(() => ({ cancelled: openedCancelled(search), interval: (openedCancelled(search) ? cancelledInterval(search) : undefined) ?? rememberedInterval() }));
  const [chosen, setBillingInterval] = useState<BillingInterval>();
  const interval = chosen ?? (hydrated ? opened.interval : undefined) ?? 'monthly';
  const choice = usePlanChoice(interval);
  const checkoutCancelled = hydrated && opened.cancelled;
  return (
    <div className="page">
      {checkoutCancelled && search && <Navigate to={pathname} replace />}
      <PageHeader eyebrow="Pricing" title="Simple, transparent pricing">
        {trialTexts.pricingLead}
      </PageHeader>

      <section className="container" aria-label="Plans">
        <div className="center">
          <IntervalToggle value={interval} onChange={setBillingInterval} />
        </div>
        {/* spec §5, §8 say 'alert': an inline role="alert" by the plans instead of window.alert, which
            blocks the page and reads poorly; screen readers still announce it at once, and it takes
            focus, so it is in view and keyboard users are not left on a disabled button. */}
        {choice.error && <FocusedAlert className="plans-alert">{choice.error}</FocusedAlert>}
        {checkoutCancelled && !choice.error && (
          <p className="plans-notice" role="status">
            {billingUiTexts.checkoutCancelled}
          </p>
        )}
        <div className="plans">
          {PLANS.map((plan) => (
            <article key={plan.id} className={plan.id === 'pro' ? 'card plan featured' : 'card plan'} aria-labelledby={`plan-${plan.id}`}>
              {plan.id === 'pro' && <p className="badge">Most popular</p>}
              <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
              <p className="muted">{plan.tagline}</p>
              <PlanPrice plan={plan} interval={interval} />
              <PlanButton
                plan={plan}
                interval={interval}
                current={choice.current}
                processing={choice.processing}
                locked={choice.locked}
                onChoose={choice.choose}
              />
              <ul className="checklist">
                {featuresOf(plan, choice.trialAvailable).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="container section" aria-labelledby="enterprise-title">
        <div className="banner">
          <span className="feature-icon">
            <Icon name="users" />
          </span>
          <div>
            <h2 id="enterprise-title">Voxpen for your whole team</h2>
            <p>Volume pricing, invoice billing, onboarding and a dedicated account manager. Tell us what you need.</p>
          </div>
          <Link to="/contact" className="btn btn-primary">
            Contact Sales
          </Link>
        </div>
      </section>

      <ComparePlans />
      <Faq />
    </div>
  );
}

export default PricingPage;
