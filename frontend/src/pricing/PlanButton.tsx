import { Link } from 'react-router';
import type { BillingInterval, Plan, PlanId } from '../../../shared/plans';
import { rememberReturnTo } from '../return-to';
import { planAction, planButtonDisabled, planButtonLabel, type AccountPlan } from './plan-button';
import { SIGN_IN_STATE } from './use-plan-choice';

export interface PlanButtonProps {
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
export function PlanButton({ plan, interval, current, processing, locked = false, onChoose }: PlanButtonProps) {
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
      <Link to="/signin" state={SIGN_IN_STATE} className={className} onClick={() => rememberReturnTo(SIGN_IN_STATE.returnTo)}>
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
