import { describe, expect, it } from 'vitest';
import { texts } from '../../../shared/texts';
import { planAction, planButtonDisabled, planButtonLabel, planPriceId } from './plan-button';

const t = texts.billingUi.planButton;

describe('plan button label and state (spec §4)', () => {
  it('reads Processing... while its checkout is being created, whatever else holds', () => {
    expect(planButtonLabel('pro', 'free', true)).toBe(t.processing);
    expect(planButtonLabel('free', 'pro', true)).toBe(t.processing);
  });

  it("reads Current Plan on the viewer's plan, Switch to Free on Free for a Pro viewer, else Get Started", () => {
    expect(planButtonLabel('free', 'free', false)).toBe('Current Plan');
    expect(planButtonLabel('pro', 'pro', false)).toBe('Current Plan');
    expect(planButtonLabel('free', 'pro', false)).toBe('Switch to Free');
    expect(planButtonLabel('pro', 'free', false)).toBe('Get Started');
    expect(planButtonLabel('enterprise', 'pro', false)).toBe('Get Started');
    expect(planButtonLabel('pro', undefined, false)).toBe('Get Started');
    expect(planButtonLabel('free', undefined, false)).toBe('Get Started');
  });

  it('is disabled while processing and on the current plan only', () => {
    expect(planButtonDisabled('pro', 'free', true)).toBe(true);
    expect(planButtonDisabled('free', 'free', false)).toBe(true);
    expect(planButtonDisabled('pro', 'pro', false)).toBe(true);
    expect(planButtonDisabled('pro', 'free', false)).toBe(false);
    expect(planButtonDisabled('free', 'pro', false)).toBe(false);
    expect(planButtonDisabled('pro', undefined, false)).toBe(false);
  });
});

describe('plan button behaviour (spec §4)', () => {
  it('sends Enterprise to /contact, signed in or not', () => {
    expect(planAction('enterprise', undefined, 'monthly')).toEqual({ kind: 'contact' });
    expect(planAction('enterprise', 'pro', 'monthly')).toEqual({ kind: 'contact' });
  });

  it('sends a visitor to sign in', () => {
    expect(planAction('pro', undefined, 'monthly')).toEqual({ kind: 'sign-in' });
    expect(planAction('free', undefined, 'annually')).toEqual({ kind: 'sign-in' });
  });

  it('opens subscription management for the current Pro plan and for Free while on Pro', () => {
    expect(planAction('pro', 'pro', 'monthly')).toEqual({ kind: 'manage', reason: 'current' });
    expect(planAction('free', 'pro', 'monthly')).toEqual({ kind: 'manage', reason: 'downgrade' });
  });

  it('sends Free while on Free to the dashboard', () => {
    expect(planAction('free', 'free', 'monthly')).toEqual({ kind: 'dashboard' });
  });

  it("checks out Pro at the chosen interval's price", () => {
    expect(planAction('pro', 'free', 'monthly')).toEqual({ kind: 'checkout', priceId: 'pro-monthly' });
    expect(planAction('pro', 'free', 'annually')).toEqual({ kind: 'checkout', priceId: 'pro-annual' });
  });

  it('gives Free no price id and Enterprise the custom one (spec §3)', () => {
    expect(planPriceId('free', 'monthly')).toBeUndefined();
    expect(planPriceId('enterprise', 'monthly')).toBe('custom');
  });
});
