import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { CHECKOUT_CANCELLED_PARAM, CUSTOM_PRICE_ID, PLANS, PRICE_IDS, type BillingInterval, type Plan, type PlanId } from '../../../shared/plans';
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
import type { AccountPlan, PlanAction } from '../pricing/plan-action';
import { PlanPrice } from '../pricing/PlanPrice';
import { trialTexts } from '../pricing/trial-texts';
import { forgetPlanChoice, rememberedPlanChoice, rememberPlanChoice, rememberReturnTo } from '../return-to';
import { hasSessionHint } from '../session-hint';

// A type only: the billing code itself loads on demand (usePlanChoice), never with the page.
type Billing = typeof import('../billing/plan-choice');

const t = billingUiTexts.planButton;

/*
 * spec §4: what a plan card's button says, whether it can be pressed, and what pressing it does.
 * Plain functions of the plan, the viewer's current plan (undefined for a visitor) and whether a
 * checkout is being created, so the page and its tests read the same rules.
 */

/** spec §3: Free has no price id, Pro the price for the chosen interval, Enterprise 'custom'. */
export function planPriceId(plan: PlanId, interval: BillingInterval): string | undefined {
  if (plan === 'pro') return PRICE_IDS[interval];
  return plan === 'enterprise' ? CUSTOM_PRICE_ID : undefined;
}

/** spec §4: Processing... while checkout is created; Current Plan; Switch to Free when on Pro viewing Free; else Get Started. */
export function planButtonLabel(plan: PlanId, current: AccountPlan | undefined, processing: boolean): string {
  if (processing) return t.processing;
  if (current === plan) return t.current;
  if (current === 'pro' && plan === 'free') return t.switchToFree;
  return t.getStarted;
}

/** spec §4: disabled while processing or for the current plan. */
export function planButtonDisabled(plan: PlanId, current: AccountPlan | undefined, processing: boolean): boolean {
  return processing || current === plan;
}

/**
 * spec §4, in the spec's order. The current plan's branches (manage Pro, Free to /dashboard) are
 * kept although the button is disabled for the current plan, as the spec lists both.
 */
export function planAction(plan: PlanId, current: AccountPlan | undefined, interval: BillingInterval): PlanAction {
  if (plan === 'enterprise') return { kind: 'contact' };
  if (!current) return { kind: 'sign-in' };
  if (plan === 'pro' && current === 'pro') return { kind: 'manage', reason: 'current' };
  if (plan === 'free') return current === 'pro' ? { kind: 'manage', reason: 'downgrade' } : { kind: 'dashboard' };
  return { kind: 'checkout', priceId: planPriceId(plan, interval) };
}

/**
 * spec §4: no session goes to /signin with returnTo /pricing. Sign-in honours it through
 * return-to.ts (router state does not survive Google sign-in's page loads); the state stays for
 * whoever reads the history entry. Pro is remembered with its period too: the finished sign-in (or
 * sign-up) comes back here (auth/sign-in-intent.ts), and this page opens Checkout for exactly that.
 */
const SIGN_IN_STATE = { returnTo: '/pricing' } as const;

function rememberSignInFor(plan: PlanId, interval: BillingInterval): void {
  rememberReturnTo(SIGN_IN_STATE.returnTo);
  if (plan === 'pro') rememberPlanChoice({ plan, interval });
  else forgetPlanChoice();
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

/** The signed-in viewer's plan, with the billing code that acts on it (loaded with it). */
interface Account {
  plan: AccountPlan;
  trialAvailable: boolean;
  billing: Billing;
}

async function loadAccount(): Promise<Account | undefined> {
  try {
    const billing = await import('../billing/plan-choice');
    const view = await billing.loadAccountPlan();
    return view && { ...view, billing };
  } catch (failure) {
    // The visitor's buttons still lead somewhere useful: sign-in sends a signed-in user on.
    console.error('Could not load the current plan', failure);
    return undefined;
  }
}

/** After a 401: the plan and period to come back for once signed in, and how long the message shows first. */
interface SignInAfter {
  plan: PlanId;
  interval: BillingInterval;
  delayMs: number;
}

/**
 * spec §4 for a signed-in viewer of /pricing. The session hint is read after hydration, so the
 * prerendered HTML stays the visitor's version (hence no route loader: the page has no data at
 * build time), and the billing code loads only then (routes.tsx: marketing pages carry no billing code).
 */
function usePlanChoice(interval: BillingInterval): PlanChoice {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const read = useRead(loadAccount, hydrated && hasSessionHint() ? 'account' : undefined).state;
  const account = read.status === 'done' ? read.value : undefined;
  const [processing, setProcessing] = useState<PlanId>();
  const [signInAfter, setSignInAfter] = useState<SignInAfter>();
  const [error, setError] = useState<string>();
  // Back from Stripe's page the browser may restore this page as it left it: 'Processing...' included.
  usePageRestored(() => setProcessing(undefined));

  const signIn = useCallback(
    (plan?: PlanId, chosenInterval: BillingInterval = interval) => {
      if (plan) rememberSignInFor(plan, chosenInterval);
      else rememberReturnTo(SIGN_IN_STATE.returnTo);
      navigate('/signin', { state: SIGN_IN_STATE });
    },
    [navigate, interval],
  );
  // spec §8: the message first, then sign-in; meanwhile no second press starts a second timer.
  useTimeout(() => signInAfter && signIn(signInAfter.plan, signInAfter.interval), signInAfter?.delayMs);

  const locked = signInAfter !== undefined;
  const choose = useCallback(
    (plan: PlanId, chosenInterval: BillingInterval = interval) => {
      if (!account || processing || locked) return;
      const action = planAction(plan, account.plan, chosenInterval);
      if (action.kind === 'contact') return void navigate('/contact');
      if (action.kind === 'sign-in') return signIn(plan, chosenInterval);
      if (action.kind === 'dashboard') return void navigate('/dashboard');
      setError(undefined);
      setProcessing(plan);
      void account.billing.runPlanAction(action).then((outcome) => {
        // After 'left' the browser is loading Stripe's page: the button stays busy until it goes.
        if (outcome.kind === 'left') return;
        setProcessing(undefined);
        setError(outcome.message);
        if (outcome.signIn) setSignInAfter({ plan, interval: chosenInterval, delayMs: account.billing.NOTICE_REDIRECT_MS });
      });
    },
    [account, processing, locked, interval, navigate, signIn],
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

  return { current: account?.plan, trialAvailable: account?.trialAvailable, processing, locked, error, choose };
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

export function PricingPage() {
  const { pathname, search } = useLocation();
  // What this visit brought (read as the page opens), shown once hydrated: the prerendered page is
  // every visitor's, Monthly and not cancelled.
  const hydrated = useHydrated();
  const [opened] = useState(() => ({ cancelled: openedCancelled(search), interval: rememberedInterval() }));
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
