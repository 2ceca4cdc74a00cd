import type { UserProfile } from '../../../../shared/api-types';
import { formatCount, formatDuration, formatThisMonth, monthlyChange } from '../../../../shared/format';
import { billingUiTexts } from '../../../../shared/texts/plans-ui';
import type { ProfileState } from './dashboard-data';

const t = billingUiTexts.metrics;

type MetricKey = keyof UserProfile['metrics'];

/** spec §2: the three cards, in the spec's order, each with its unit's format (spec §9). */
const METRICS: { key: MetricKey; title: string; format: (value: number) => string }[] = [
  { key: 'timeSaved', title: t.timeSaved, format: formatDuration },
  { key: 'wordsTranscribed', title: t.wordsTranscribed, format: formatCount },
  { key: 'recordingTime', title: t.recordingTime, format: formatDuration },
];

const ZERO = { timeSaved: 0, wordsTranscribed: 0, recordingTime: 0 };

/** spec §2 metric cards with their this-month line (docs/decisions.md#7: the month's real figures). */
export function MetricCards({ state }: { state: ProfileState }) {
  const loading = state.status === 'loading';
  const profile = state.status === 'ready' ? state.profile : undefined;
  // spec §8: a 404 is ignored silently, so a new account reads as nothing used yet.
  const totals = profile?.metrics ?? (state.status === 'missing' ? ZERO : undefined);
  return (
    <section className="metrics" aria-label="Usage" aria-busy={loading}>
      {METRICS.map(({ key, title, format }) => {
        const change = totals && monthlyChange(totals[key], profile ? profile.thisMonth?.[key] : 0, profile?.createdAt ?? new Date().toISOString());
        return (
          <article key={key} className="card metric" aria-labelledby={`metric-${key}`}>
            <h2 id={`metric-${key}`}>{title}</h2>
            {totals ? (
              <>
                <p className="metric-value">{format(totals[key])}</p>
                {/* A month with nothing in it says so plainly; green is for growth. */}
                {formatThisMonth(change ?? 0, format) === formatThisMonth(0, format) ? (
                  <p className="metric-change metric-change-none">{t.noneThisMonth}</p>
                ) : (
                  <p className="metric-change">{formatThisMonth(change ?? 0, format)}</p>
                )}
              </>
            ) : loading ? (
              // The loaded card's two lines, so nothing below moves when the figures arrive.
              <>
                <p className="metric-value">
                  <span className="skeleton">{t.loading}</span>
                </p>
                <p className="metric-change" aria-hidden="true">
                  &nbsp;
                </p>
              </>
            ) : (
              <p className="metric-value">
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t.unavailable}</span>
              </p>
            )}
          </article>
        );
      })}
    </section>
  );
}
