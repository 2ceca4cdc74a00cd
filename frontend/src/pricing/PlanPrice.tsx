import { formatUsd, PRO_ANNUAL_LIST_USD, PRO_ANNUAL_USD, type BillingInterval, type Plan } from '../../../shared/plans';

/** spec §9: $11.00/month, or $132.00 struck through and $121.00/year; Free $0.00; Enterprise custom (one format: formatUsd). */
export function PlanPrice({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  if (plan.monthlyUsd === undefined) {
    return (
      <p className="price">
        <span className="amount">Custom</span>
        <span className="per">contact sales</span>
      </p>
    );
  }
  if (plan.monthlyUsd === 0) {
    return (
      <p className="price">
        <span className="amount">{formatUsd(0)}</span>
        <span className="per">/month</span>
      </p>
    );
  }
  if (interval === 'annually') {
    return (
      <p className="price">
        <s className="was">
          <span className="sr-only">Was </span>
          {formatUsd(PRO_ANNUAL_LIST_USD)}
        </s>
        <span className="amount">{formatUsd(PRO_ANNUAL_USD)}</span>
        <span className="per">/year</span>
      </p>
    );
  }
  return (
    <p className="price">
      <span className="amount">{formatUsd(plan.monthlyUsd)}</span>
      <span className="per">/month</span>
    </p>
  );
}
