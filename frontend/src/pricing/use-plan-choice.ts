import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BillingInterval, PlanId } from '../../../shared/plans';
import { hasSessionHint } from '../session-hint';
import { planAction, type AccountPlan } from './plan-button';

type Billing = typeof import('../billing/plan-choice');

export interface PlanChoice {
  /** The signed-in viewer's plan; undefined for a visitor (and until the profile has loaded). */
  current?: AccountPlan;
  /** The plan whose checkout or portal is being opened. */
  processing?: PlanId;
  /** The last failure, for the page's alert. */
  error?: string;
  choose: (plan: PlanId) => void;
}

/** The returnTo the sign-in page honours (spec §4: no session goes to /signin with returnTo /pricing). */
export const SIGN_IN_STATE = { returnTo: '/pricing' } as const;

/**
 * spec §4 for a signed-in viewer of /pricing. The session hint is read after hydration, so the
 * prerendered HTML stays the visitor's version, and the billing code loads only then (routes.tsx:
 * marketing pages carry no billing code).
 */
export function usePlanChoice(interval: BillingInterval): PlanChoice {
  const navigate = useNavigate();
  const [account, setAccount] = useState<{ plan: AccountPlan; billing: Billing }>();
  const [processing, setProcessing] = useState<PlanId>();
  const [error, setError] = useState<string>();
  const signInTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!hasSessionHint()) return;
    let live = true;
    import('../billing/plan-choice')
      .then(async (billing) => {
        const plan = await billing.loadAccountPlan();
        if (live && plan) setAccount({ plan, billing });
      })
      // The visitor's buttons still lead somewhere useful: sign-in sends a signed-in user on.
      .catch((failure: unknown) => console.error('Could not load the current plan', failure));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => () => clearTimeout(signInTimer.current), []);

  const choose = useCallback(
    (plan: PlanId) => {
      if (!account || processing) return;
      const action = planAction(plan, account.plan, interval);
      if (action.kind === 'contact') return void navigate('/contact');
      if (action.kind === 'sign-in') return void navigate('/signin', { state: SIGN_IN_STATE });
      if (action.kind === 'dashboard') return void navigate('/dashboard');
      setError(undefined);
      setProcessing(plan);
      void account.billing.runPlanAction(action).then((outcome) => {
        // After 'left' the browser is loading Stripe's page: the button stays busy until it goes.
        if (outcome.kind === 'left') return;
        setProcessing(undefined);
        setError(outcome.message);
        if (outcome.signIn) {
          signInTimer.current = setTimeout(() => navigate('/signin', { state: SIGN_IN_STATE }), account.billing.NOTICE_REDIRECT_MS);
        }
      });
    },
    [account, processing, interval, navigate],
  );

  return { current: account?.plan, processing, error, choose };
}
