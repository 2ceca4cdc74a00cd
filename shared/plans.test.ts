import { describe, expect, it } from 'vitest';
import { formatUsd, PRO_ANNUAL_LIST_USD, PRO_ANNUAL_USD, PRO_MONTHLY_USD } from './plans';

describe('formatUsd (spec §9)', () => {
  it('shows every price in dollars and cents, whole or not', () => {
    expect(formatUsd(PRO_MONTHLY_USD)).toBe('$11.00');
    expect(formatUsd(PRO_ANNUAL_USD)).toBe('$121.00');
    expect(formatUsd(PRO_ANNUAL_LIST_USD)).toBe('$132.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(9.5)).toBe('$9.50');
  });
});
