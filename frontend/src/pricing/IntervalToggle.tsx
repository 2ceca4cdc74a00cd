import type { BillingInterval } from '../../../shared/plans';

const OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annually', label: 'Annually' },
];

/** spec §2: the Monthly/Annually switch; two pressed-state buttons, so it is plain to keyboards and readers. */
export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (v: BillingInterval) => void }) {
  return (
    <div className="toggle" role="group" aria-label="Billing period">
      {OPTIONS.map((o) => (
        <button key={o.value} type="button" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.label}
          {o.value === 'annually' && <span className="toggle-badge">1 month free</span>}
        </button>
      ))}
    </div>
  );
}
