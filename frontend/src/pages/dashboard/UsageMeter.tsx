import { formatUtcBoundary } from '../../../../shared/format';
import { addMonths } from '../../../../shared/usage';
import { usageTexts as t } from './usage-texts';

/** At this share of the allowance the card warns that the month is running out. */
export const NEAR_LIMIT = 0.8;

/**
 * The Free card's month: words used of the allowance as a meter, the words left, and the
 * reset at 00:00 UTC on the 1st of next month, in the reader's time too; at 80% and at 100% it says so and points to Pro (the card's
 * Upgrade to Pro beneath it).
 */
export function UsageMeter({ used, limit, month }: { used: number; limit: number; month: string }) {
  const shown = Math.min(Math.max(used, 0), limit);
  const percent = Math.floor((shown / limit) * 100);
  const level = shown >= limit ? 'full' : shown >= limit * NEAR_LIMIT ? 'near' : undefined;
  const resets = formatUtcBoundary(`${addMonths(month, 1)}-01T00:00:00Z`);
  return (
    <div className="usage-meter" data-level={level}>
      <p className="usage-meter-used">{t.used(shown, limit)}</p>
      <div
        className="usage-meter-track"
        role="meter"
        aria-label={t.meterLabel}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={shown}
        aria-valuetext={t.used(shown, limit)}
      >
        <span style={{ width: `${(shown / limit) * 100}%` }} />
      </div>
      <p className="muted">
        {t.left(limit - shown)} · {t.resets(resets)}
      </p>
      {level && <p className="usage-notice">{level === 'full' ? t.atLimit(resets) : t.nearLimit(percent)}</p>}
    </div>
  );
}
