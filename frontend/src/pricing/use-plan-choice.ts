import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BillingInterval, PlanId } from '../../../shared/plans';
import { usePageRestored } from '../hooks/use-page-restored';
import { rememberReturnTo } from '../return-to';
import { hasSessionHint } from '../session-hint';
import { planAction, type AccountPlan } from './plan-button';

type Billing = typeof import('../billing/plan-choice');

export interface PlanChoice {
  /** The signed-in viewer's plan; undefined for a visitor (and until the profile has loaded). */
  current?: AccountPlan;
  /** The plan whose checkout or portal is being opened. */
  processing?: PlanId;
  /** After a 401, until the page goes to sign-in: no button may start anything. */
  locked: boolean;
  /** The last failure, for the page's alert. */
  error?: string;
  choose: (plan: PlanId) => void;
}

/**
 * spec §4: no session goes to /signin with returnTo /pricing. Sign-in honours it through
 * return-to.ts (router state does not survive Google sign-in's page loads); the state stays for
 * whoever reads the history entry.
 */
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
  const [locked, setLocked] = useState(false);
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
  // Back from Stripe's page the browser may restore this page as it left it: 'Processing...' included.
  usePageRestored(() => setProcessing(undefined));

  const signIn = useCallback(() => {
    rememberReturnTo(SIGN_IN_STATE.returnTo);
    navigate('/signin', { state: SIGN_IN_STATE });
  }, [navigate]);

  const choose = useCallback(
    (plan: PlanId) => {
      if (!account || processing || locked) return;
      const action = planAction(plan, account.plan, interval);
      if (action.kind === 'contact') return void navigate('/contact');
      if (action.kind === 'sign-in') return signIn();
      if (action.kind === 'dashboard') return void navigate('/dashboard');
      setError(undefined);
      setProcessing(plan);
      void account.billing.runPlanAction(action).then((outcome) => {
        // After 'left' the browser is loading Stripe's page: the button stays busy until it goes.
        if (outcome.kind === 'left') return;
        setProcessing(undefined);
        setError(outcome.message);
        if (outcome.signIn) {
          // spec §8: the message first, then sign-in; meanwhile no second press starts a second timer.
          setLocked(true);
          signInTimer.current = setTimeout(signIn, account.billing.NOTICE_REDIRECT_MS);
        }
      });
    },
    [account, processing, locked, interval, navigate, signIn],
  );

  return { current: account?.plan, processing, locked, error, choose };
}
