import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../../shared/api-types';
import type { ProfileState } from './dashboard-data';
import { SubscriptionCard } from './SubscriptionCard';
import { niceCeil, UsageChart } from './UsageChart';
import { addMonths } from '../../../../shared/usage';
import { currentMonth, lastTwelveMonths, type MonthUsage } from './usage-months';
import { usageTexts as t } from './usage-texts';

function profile(thisMonthWords: number, overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    userId: 'u-1',
    email: 'ada@example.com',
    createdAt: '2025-06-01T00:00:00Z',
    plan: 'free',
    subscription: { status: 'none' },
    metrics: { timeSaved: 0, wordsTranscribed: thisMonthWords, recordingTime: 600 },
    thisMonth: { month: '2026-11', timeSaved: 0, wordsTranscribed: thisMonthWords, recordingTime: 600 },
    wordsPerMonth: 500,
    history: [],
    ...overrides,
  } as UserProfile; // `history: undefined` stands for an answer without it
}
const ready = (p: UserProfile): ProfileState => ({ status: 'ready', profile: p });

/** The subscription card alone; `card.unmount()` takes it away again. */
function renderCard(state: ProfileState) {
  const { unmount } = render(
    <MemoryRouter>
      <SubscriptionCard state={state} />
    </MemoryRouter>,
  );
  return Object.assign(screen.getByRole('article', { name: 'Subscription' }), { unmount });
}

describe("the Free card's month", () => {
  it('at 0: an empty meter of 500, all 500 words left, the reset on the 1st of next month, no warning', () => {
    const card = renderCard(ready(profile(0)));
    const meter = within(card).getByRole('meter', { name: t.meterLabel });
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '500');
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    expect(meter).toHaveAttribute('aria-valuetext', '0 of 500 words used');
    expect(within(card).getByText('0 of 500 words used')).toBeInTheDocument();
    expect(within(card).getByText('500 words left · Resets December 1, 00:00 UTC')).toBeInTheDocument();
    expect(within(card).queryByText(/You have used/)).toBeNull();
    // The plan's allowance line stays, and Pro is offered as always.
    expect(within(card).getByText('500 words per month')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  });

  it('below 80% says nothing more; at 80% it says so beside Upgrade to Pro', () => {
    const below = renderCard(ready(profile(399)));
    expect(within(below).getByRole('meter')).toHaveAttribute('aria-valuenow', '399');
    expect(within(below).queryByText(/You have used/)).toBeNull();
    below.unmount();

    const card = renderCard(ready(profile(400)));
    const meter = within(card).getByRole('meter', { name: t.meterLabel });
    expect(meter).toHaveAttribute('aria-valuenow', '400');
    expect(meter).toHaveAttribute('aria-valuetext', '400 of 500 words used');
    expect(within(card).getByText('100 words left · Resets December 1, 00:00 UTC')).toBeInTheDocument();
    expect(within(card).getByText(t.nearLimit(80))).toBeInTheDocument();
    expect(t.nearLimit(80)).toBe("You have used 80% of this month's free words. Upgrade to Pro for unlimited words.");
    expect(within(card).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  });

  it('at 100%: a full meter, no words left, and when they come back or Pro', () => {
    const card = renderCard(ready(profile(500)));
    const meter = within(card).getByRole('meter', { name: t.meterLabel });
    expect(meter).toHaveAttribute('aria-valuenow', '500');
    expect(meter).toHaveAttribute('aria-valuetext', '500 of 500 words used');
    expect(within(card).getByText('0 words left · Resets December 1, 00:00 UTC')).toBeInTheDocument();
    expect(within(card).getByText("You have used all of this month's free words. They come back December 1, 00:00 UTC, or upgrade to Pro for unlimited words now.")).toBeInTheDocument();
    expect(within(card).queryByText(t.nearLimit(100))).toBeNull();
    expect(within(card).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
  });

  it("names the reset in the reader's own time too, where it is not UTC: the evening before in Los Angeles, the afternoon of the 1st in Kiritimati", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      const card = renderCard(ready(profile(100)));
      expect(within(card).getByText('400 words left · Resets December 1, 00:00 UTC (November 30, 4:00 PM your time)')).toBeInTheDocument();
      card.unmount();
      process.env.TZ = 'Pacific/Kiritimati';
      const later = renderCard(ready(profile(100)));
      expect(within(later).getByText('400 words left · Resets December 1, 00:00 UTC (December 1, 2:00 PM your time)')).toBeInTheDocument();
      later.unmount();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('never reads past the allowance, and a December resets in January of the next year', () => {
    const card = renderCard(ready(profile(520, { thisMonth: { month: '2026-12', timeSaved: 0, wordsTranscribed: 520, recordingTime: 0 } })));
    expect(within(card).getByRole('meter')).toHaveAttribute('aria-valuenow', '500');
    expect(within(card).getByText('0 words left · Resets January 1, 00:00 UTC')).toBeInTheDocument();
  });

  it('a new account (no record yet, 404) reads as nothing used this month', () => {
    const card = renderCard({ status: 'missing' });
    expect(within(card).getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
    expect(within(card).getByText('500 words left', { exact: false })).toBeInTheDocument();
  });

  it('Pro has no meter and no words left', () => {
    const card = renderCard(ready(profile(9_000, { plan: 'pro', wordsPerMonth: undefined, subscription: { status: 'active', currentPeriodEnd: Date.UTC(2026, 11, 1) / 1000 } })));
    expect(within(card).getByText('Pro Plan')).toBeInTheDocument();
    expect(within(card).queryByRole('meter')).toBeNull();
    expect(within(card).queryByText(/words left/)).toBeNull();
  });

  it('shows no meter while loading or when the profile failed', () => {
    const loading = renderCard({ status: 'loading' });
    expect(within(loading).queryByRole('meter')).toBeNull();
    loading.unmount();
    expect(within(renderCard({ status: 'error', failure: { kind: 'failed' } })).queryByRole('meter')).toBeNull();
  });
});

describe('the last 12 months', () => {
  const history: MonthUsage[] = [
    { month: '2025-10', words: 999, seconds: 999 }, // 13 months back: not shown
    { month: '2025-12', words: 300, seconds: 90 },
    { month: '2026-03', words: 1_000, seconds: 5_400 },
    { month: '2026-11', words: 1_200, seconds: 600 },
  ];
  const rows = () => within(screen.getByRole('table', { name: t.caption })).getAllByRole('row').slice(1);
  const cells = (row: HTMLElement) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent);

  it('is a region with a table named by its caption: 12 months oldest first, the current one marked, gaps as zero', () => {
    render(<UsageChart state={ready(profile(1_200, { history }))} />);
    const region = screen.getByRole('region', { name: t.chartTitle });
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(within(region).getByRole('table', { name: 'Words and recording time per month, the last 12 months, oldest first' })).toBeInTheDocument();
    expect(within(region).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Month', 'Words', 'Recording time']);
    const all = rows();
    expect(all).toHaveLength(12);
    expect(cells(all[0]!)).toEqual(['December 2025', '300', '2 min']);
    expect(cells(all[1]!)).toEqual(['January 2026', '0', '0 min']);
    expect(cells(all[3]!)).toEqual(['March 2026', '1,000', '1.5 hrs']);
    expect(cells(all[10]!)).toEqual(['October 2026', '0', '0 min']);
    expect(cells(all[11]!)).toEqual(['November 2026 (this month)', '1,200', '10 min']);
    expect(screen.queryByText('999')).toBeNull();
  });

  it('draws one bar per month for each of words and recording time, the current month marked, scaled to a round top', () => {
    const { container } = render(<UsageChart state={ready(profile(1_200, { history }))} />);
    const charts = container.querySelectorAll('.usage-chart');
    expect(charts).toHaveLength(2);
    const [words, recording] = [...charts].map((chart) => [...chart.querySelectorAll('li')]);
    expect(words).toHaveLength(12);
    expect(recording).toHaveLength(12);
    expect(words!.map((li) => li.querySelector('.usage-chart-month')!.textContent)).toEqual(['Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov']);
    expect(words!.map((li) => li.className === 'current')).toEqual([...Array(11).fill(false), true]);
    // Words: 1,200 at most, so the scale tops at 2,000.
    expect(charts[0]!.querySelector('.usage-chart-top')).toHaveTextContent('2,000');
    const height = (li: HTMLElement) => li.querySelector<HTMLElement>('.usage-chart-bar')!.style.height;
    expect(words!.map(height)).toEqual(['15%', '0%', '0%', '50%', '0%', '0%', '0%', '0%', '0%', '0%', '0%', '60%']);
    // Recording: 1.5 hrs at most, so the scale tops at 2 hrs.
    expect(charts[1]!.querySelector('.usage-chart-top')).toHaveTextContent('2 hrs');
    expect(height(recording![3]!)).toBe('75%');
    expect(within(charts[0] as HTMLElement).getByText('1,200 this month')).toBeInTheDocument();
    expect(within(charts[1] as HTMLElement).getByText('10 min this month')).toBeInTheDocument();
    // Each month's value is seen above its bar, short; an empty month shows none.
    const shown = (li: HTMLElement) => li.querySelector('.usage-chart-value')!.textContent;
    expect(words!.map(shown)).toEqual(['300', '', '', '1K', '', '', '', '', '', '', '', '1.2K']);
    expect(shown(recording![3]!)).toBe('1.5h');
    expect(shown(recording![11]!)).toBe('10m');
    // Drawn for the eye: the table says it all to a screen reader.
    expect(charts[0]!.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('from an answer without a history, the current month comes from thisMonth and the rest is zero', () => {
    render(<UsageChart state={ready(profile(250, { history: undefined }))} />);
    const all = rows();
    expect(all).toHaveLength(12);
    expect(cells(all[11]!)).toEqual(['November 2026 (this month)', '250', '10 min']);
    expect(all.slice(0, 11).every((row) => cells(row)[1] === '0')).toBe(true);
  });

  it('keeps its frame while loading (12 empty bars per chart, no table), and says when it failed', () => {
    const { container, unmount } = render(<UsageChart state={{ status: 'loading' }} />);
    expect(screen.getByRole('region', { name: t.chartTitle })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(t.loading)).toBeInTheDocument();
    expect(container.querySelectorAll('.usage-chart li')).toHaveLength(24);
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    render(<UsageChart state={{ status: 'error', failure: { kind: 'failed' } }} />);
    expect(screen.getByText(t.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a new account (404) shows 12 empty months ending with this one', () => {
    render(<UsageChart state={{ status: 'missing' }} />);
    const all = rows();
    expect(all).toHaveLength(12);
    expect(all.every((row) => cells(row).slice(1).join() === '0,0 min')).toBe(true);
    const now = new Date();
    expect(cells(all[11]!)[0]).toBe(`${now.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })} (this month)`);
  });
});

describe('usage months', () => {
  it('steps across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-11', -11)).toBe('2025-12');
    expect(currentMonth(new Date('2026-02-28T23:59:59Z'))).toBe('2026-02');
  });

  it('fills 12 months, oldest first, with zeros for the months the history skips', () => {
    const months = lastTwelveMonths(profile(0, { history: [{ month: '2026-05', words: 7, seconds: 8 }] }), '2026-11');
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths('2025-12', i)));
    expect(months.filter((m) => m.words || m.seconds)).toEqual([
      { month: '2026-05', words: 7, seconds: 8 },
      { month: '2026-11', words: 0, seconds: 600 },
    ]);
  });

  it('rounds a scale up to 1, 2 or 5 times a power of ten', () => {
    expect([1, 3, 120, 200, 201, 999, 1_000, 1_001, 6_000].map(niceCeil)).toEqual([1, 5, 200, 200, 500, 1_000, 1_000, 2_000, 10_000]);
  });
});
