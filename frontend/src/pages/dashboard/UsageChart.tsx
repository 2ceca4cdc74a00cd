import { billingUiTexts } from '../../../../shared/texts/plans-ui';
import { useHydrated } from '../../hooks/use-hydrated';
import { formatCount, formatDuration } from '../../../../shared/format';
import type { ProfileState } from './dashboard-data';
import { currentMonth, lastTwelveMonths, type MonthUsage } from './usage-months';
import { usageTexts as t } from './usage-texts';

const monthName = (month: string, style: 'short' | 'long') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: style, year: style === 'long' ? 'numeric' : undefined, timeZone: 'UTC' });

/** The smallest 1, 2 or 5 times a power of ten at or above `x` (x > 0): the top of a chart's scale. */
export function niceCeil(x: number): number {
  const power = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= x)!;
}

/** The top of a duration scale in seconds: whole minutes up to an hour, then whole hours. */
const durationTop = (max: number) => (max <= 3600 ? niceCeil(Math.max(1, max / 60)) * 60 : niceCeil(max / 3600) * 3600);

interface Series {
  title: string;
  value: (m: MonthUsage) => number;
  format: (value: number) => string;
  /** The value above its bar, short enough for a phone's twelfth of the width: '1.2K', '25m', '1.5h'. */
  short: (value: number) => string;
  top: (max: number) => number;
}

const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A duration in seconds as a bar's label: minutes under an hour, else hours to one decimal. */
export function shortDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes}m` : `${Number((seconds / 3600).toFixed(1))}h`;
}

const SERIES: Series[] = [
  { title: t.words, value: (m) => m.words, format: formatCount, short: (v) => compactCount.format(v), top: niceCeil },
  { title: t.recording, value: (m) => m.seconds, format: formatDuration, short: shortDuration, top: durationTop },
];

/** One series as bars, one per month, the current (last) one marked; drawn only: the table reads it out. */
function Bars({ series, months, ready }: { series: Series; months: MonthUsage[]; ready: boolean }) {
  // The month names come from the browser's clock; in the dashboard's loading view prerendered at
  // build time they would be the build's months, so until hydrated each is a blank of the same height.
  const mounted = useHydrated();
  const values = months.map(series.value);
  const max = Math.max(...values);
  const top = max > 0 ? series.top(max) : 0;
  return (
    <div className="usage-chart">
      <p className="usage-chart-head">
        <strong>{series.title}</strong>
        {ready && (
          <span>
            {series.format(values[11]!)} {t.thisMonth}
          </span>
        )}
      </p>
      <div className="usage-chart-plot">
        <span className="usage-chart-top">{top > 0 && series.format(top)}</span>
        <ol>
          {months.map((m, i) => (
            <li key={m.month} className={i === 11 ? 'current' : undefined}>
              {/* Each month's value, seen above its bar (the table beside reads them out). */}
              <span className="usage-chart-column" aria-hidden="true">
                <span className="usage-chart-value">{values[i]! > 0 ? series.short(values[i]!) : ''}</span>
                <span className="usage-chart-track">
                  <span className="usage-chart-bar" style={{ height: top > 0 ? `${(values[i]! / top) * 100}%` : 0 }} />
                </span>
              </span>
              <span className="usage-chart-month">{mounted ? monthName(m.month, 'short') : '\u00a0'}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/**
 * The dashboard's usage over the last 12 months: words and recording time, one bar per
 * month, the current month marked. The bars are drawn for the eye only; a visually hidden table
 * carries every figure for screen readers. Its frame is the same while loading (empty bars under the
 * month names), so nothing moves when the figures arrive.
 */
export function UsageChart({ state, firstRun = false }: { state: ProfileState; firstRun?: boolean }) {
  const profile = state.status === 'ready' ? state.profile : undefined;
  const ready = state.status === 'ready' || state.status === 'missing';
  const months = lastTwelveMonths(profile, profile?.thisMonth?.month ?? currentMonth());
  // Before the first dictation, a sentence in the chart's place: no empty bars (the box keeps its size).
  const note = state.status === 'loading' ? t.loading : firstRun ? billingUiTexts.firstRun.chartFirstRun : ready ? undefined : t.unavailable;
  return (
    <section className="card usage-history" aria-labelledby="usage-history-title" aria-busy={state.status === 'loading'}>
      <h2 id="usage-history-title">{t.chartTitle}</h2>
      <div className="usage-charts">
        <div aria-hidden="true" className={firstRun ? 'usage-charts-empty' : undefined}>
          {SERIES.map((series) => (
            <Bars key={series.title} series={series} months={months} ready={ready} />
          ))}
        </div>
        {note && <p className="usage-chart-note">{note}</p>}
      </div>
      {/* A table does not shrink to the hidden box's pixel: a block around it clips it. */}
      {ready && !firstRun && (
        <div className="visually-hidden">
          <table>
            <caption>{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.month}</th>
                {SERIES.map((s) => (
                  <th key={s.title} scope="col">
                    {s.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {months.map((m, i) => (
                <tr key={m.month}>
                  <th scope="row">{monthName(m.month, 'long') + (i === 11 ? ` (${t.thisMonth})` : '')}</th>
                  {SERIES.map((s) => (
                    <td key={s.title}>{s.format(s.value(m))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
