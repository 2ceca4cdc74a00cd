import { Link } from 'react-router-dom';
import type { BillingInterval, Plan } from '../../../shared/plans';

export interface PlanButtonProps {
  plan: Plan;
  interval: BillingInterval;
}

/**
 * spec §4: a plan card's button as a visitor sees it. Enterprise goes to /contact; the others send a
 * visitor to sign in and come back to /pricing. Checkout, Current Plan and Switch to Free come with
 * billing, which replaces this for signed-in users.
 */
export function PlanButton({ plan }: PlanButtonProps) {
  const className = plan.id === 'pro' ? 'btn btn-primary btn-block' : 'btn btn-ghost btn-block';
  if (plan.id === 'enterprise') {
    return (
      <Link to="/contact" className={className}>
        Get Started
      </Link>
    );
  }
  return (
    <Link to="/signin" state={{ returnTo: '/pricing' }} className={className}>
      Get Started
    </Link>
  );
}
