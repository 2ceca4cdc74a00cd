import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatEpochDate, formatLocalDate, formatThisMonth, formatUtcBoundary, monthlyChange } from './format';

describe('formatDuration (spec §9)', () => {
  it('shows time under an hour in minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(90)).toBe('2 min');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(59 * 60 + 29)).toBe('59 min');
  });

  it('shows an hour or more in hours, to one decimal', () => {
    expect(formatDuration(59 * 60 + 45)).toBe('1 hr');
    expect(formatDuration(3600)).toBe('1 hr');
    expect(formatDuration(5400)).toBe('1.5 hrs');
    expect(formatDuration(10 * 3600 + 360)).toBe('10.1 hrs');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(7.6)).toBe('8');
  });
});

describe('formatThisMonth', () => {
  it("reads '+0 this month' when the month has nothing", () => {
    expect(formatThisMonth(0, formatDuration)).toBe('+0 this month');
    expect(formatThisMonth(0, formatCount)).toBe('+0 this month');
  });

  it("reads '+0 this month' when the figure rounds to nothing, not '+0 min this month'", () => {
    expect(formatThisMonth(20, formatDuration)).toBe('+0 this month');
    expect(formatThisMonth(0.4, formatCount)).toBe('+0 this month');
    expect(formatThisMonth(30, formatDuration)).toBe('+1 min this month');
  });

  it('formats the month figure like the card', () => {
    expect(formatThisMonth(1500, formatCount)).toBe('+1,500 this month');
    expect(formatThisMonth(7200, formatDuration)).toBe('+2 hrs this month');
  });
});

describe('monthlyChange', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it("uses the month's real figure when the profile has it (docs/decisions.md#7)", () => {
    expect(monthlyChange(9000, 120, '2025-01-01T00:00:00Z', now)).toBe(120);
    expect(monthlyChange(9000, 0, '2025-01-01T00:00:00Z', now)).toBe(0);
  });

  it('falls back to the total over whole months since sign-up (spec §9)', () => {
    expect(monthlyChange(600, undefined, '2026-03-01T00:00:00Z', now)).toBe(200);
    expect(monthlyChange(600, undefined, '2026-03-20T00:00:00Z', now)).toBe(300);
  });

  it('counts the whole total in the first month, and an average under 1 as nothing', () => {
    expect(monthlyChange(42, undefined, '2026-06-01T00:00:00Z', now)).toBe(42);
    expect(monthlyChange(2, undefined, '2026-01-01T00:00:00Z', now)).toBe(0);
  });
});

describe('formatEpochDate', () => {
  it('reads epoch seconds as a UTC date', () => {
    expect(formatEpochDate(Date.UTC(2026, 10, 2, 23, 30) / 1000)).toBe('November 2, 2026');
  });
});

describe("dates in the reader's time zone", () => {
  const createdAt = '2026-11-27T04:38:00Z'; // 20:38 on November 26 in Los Angeles

  it('dates a moment by the zone it is read in', () => {
    expect(formatLocalDate(createdAt, 'America/Los_Angeles')).toBe('November 26, 2026');
    expect(formatLocalDate(createdAt, 'Pacific/Kiritimati')).toBe('November 27, 2026');
    expect(formatLocalDate(createdAt, 'UTC')).toBe('November 27, 2026');
    expect(formatEpochDate(Date.parse('2026-12-01T00:00:00Z') / 1000, 'America/Los_Angeles')).toBe('November 30, 2026');
  });

  it("names a month's UTC reset in UTC and in the reader's time, where they differ", () => {
    const reset = '2026-12-01T00:00:00Z';
    expect(formatUtcBoundary(reset, 'America/Los_Angeles')).toBe('December 1, 00:00 UTC (November 30, 4:00 PM your time)');
    expect(formatUtcBoundary(reset, 'Pacific/Kiritimati')).toBe('December 1, 00:00 UTC (December 1, 2:00 PM your time)');
    expect(formatUtcBoundary('2026-06-01T00:00:00Z', 'America/Los_Angeles')).toBe('June 1, 00:00 UTC (May 31, 5:00 PM your time)');
    expect(formatUtcBoundary(reset, 'UTC')).toBe('December 1, 00:00 UTC');
    expect(formatUtcBoundary(reset, 'Europe/London')).toBe('December 1, 00:00 UTC');
  });
});
