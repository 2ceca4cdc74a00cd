import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview } from '../../../../shared/api-types';
import { formatLocalDate } from '../../../../shared/format';
import { reachTexts } from '../../../../shared/texts/reach';
import { readBilling, switchBillingInterval } from '../../api/billing';
import { defer } from '../../hooks/use-settled';
import { BillingSection } from './BillingSection';
import { billingSectionTexts as t } from './billing-texts';
import type { SectionRead } from './section-read';

vi.mock('../../api/billing', () => ({ readBilling: vi.fn(), switchBillingInterval: vi.fn(), getManageSubscriptionUrl: vi.fn() }));

const TRIAL_END = '2026-12-12T10:00:00.000Z';
const free: BillingOverview = { plan: 'free', subscription: null, paymentMethod: null, invoices: [] };
const trial = (withCard: boolean): BillingOverview => ({
  plan: 'pro',
  subscription: {
    status: 'trialing',
    interval: 'month',
    amount: 1100,
    currency: 'usd',
    trialEnd: TRIAL_END,
    endsAt: withCard ? null : TRIAL_END,
    nextCharge: withCard ? { amount: 1100, currency: 'usd', at: TRIAL_END } : null,
  },
  paymentMethod: withCard ? { brand: 'visa', last4: '4242', expMonth: 11, expYear: 2029 } : null,
  invoices: [{ id: 'in_1', number: 'AB-0001', createdAt: '2026-11-28T10:00:00.000Z', total: 0, amountPaid: 0, currency: 'usd', status: 'paid', url: 'https://stripe.example/invoice/in_1' }],
});
const monthly: BillingOverview = {
  plan: 'pro',
  subscription: { status: 'active', interval: 'month', amount: 1100, currency: 'usd', trialEnd: null, endsAt: null, nextCharge: { amount: 1100, currency: 'usd', at: '2026-12-28T10:00:00.000Z' } },
  paymentMethod: { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030 },
  invoices: [{ id: 'in_2', number: 'AB-0002', createdAt: '2026-11-28T10:00:00.000Z', total: 1100, amountPaid: 1100, currency: 'usd', status: 'paid', url: 'https://stripe.example/invoice/in_2' }],
};

function renderSection(read: SectionRead<BillingOverview>) {
  const router = createMemoryRouter([{ path: '/account/billing', element: <BillingSection billing={defer(Promise.resolve(read))} /> }], { initialEntries: ['/account/billing'] });
  render(<RouterProvider router={router} />);
}

/** The plan's facts as read: each term and what it says. */
const facts = async () => {
  await screen.findByText(t.planLabel);
  return [...document.querySelectorAll('.account-facts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]);
};

afterEach(() => vi.clearAllMocks());

describe('Billing on /account', () => {
  it('Free: the plan and the way to Pro as the one primary action', async () => {
    renderSection({ step: 'ready', value: free });
    expect(await facts()).toEqual([[t.planLabel, t.free]]);
    expect(screen.getByRole('link', { name: t.seePro })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: t.switchTo('year') })).toBeNull();
  });

  it('a trial without a card: it ends on its last day and nothing is charged, and says how to keep Pro', async () => {
    renderSection({ step: 'ready', value: trial(false) });
    const date = formatLocalDate(TRIAL_END);
    expect(await facts()).toEqual([
      [t.planLabel, 'Pro Monthly · $11.00 a month'],
      [t.trialLabel, `${t.trialEnds(date)}${t.trialAddCard}`],
      [t.paymentLabel, t.noCard],
    ]);
  });

  it('a trial with a card: then the price on the trial\'s last day; the card by brand and last four; the invoice\'s receipt', async () => {
    renderSection({ step: 'ready', value: trial(true) });
    const date = formatLocalDate(TRIAL_END);
    expect(await facts()).toEqual([
      [t.planLabel, 'Pro Monthly · $11.00 a month'],
      [t.trialLabel, `Until ${date}, then $11.00/month on ${date}`],
      [t.paymentLabel, 'Visa ending in 4242 (expires 11/2029)'],
    ]);
    const receipt = within(screen.getByRole('list', { name: t.invoicesTitle })).getByRole('link', { name: t.receiptLabel(formatLocalDate('2026-11-28T10:00:00.000Z')) });
    expect(receipt).toHaveAttribute('href', 'https://stripe.example/invoice/in_1');
    expect(receipt).toHaveAttribute('target', '_blank');
  });

  it('switches monthly to annual after saying what it costs; one press is one request id, kept across its Retry', async () => {
    const user = userEvent.setup();
    const annual: BillingOverview = { ...monthly, subscription: { ...monthly.subscription!, interval: 'year', amount: 12100, nextCharge: { amount: 12100, currency: 'usd', at: '2027-11-28T10:00:00.000Z' } } };
    vi.mocked(switchBillingInterval)
      .mockRejectedValueOnce(new AxiosError('timeout', 'ECONNABORTED', { headers: new AxiosHeaders() }))
      .mockResolvedValueOnce({ message: 'You are now on Pro Annual from today.', billing: annual });
    renderSection({ step: 'ready', value: monthly });
    expect(await facts()).toContainEqual([t.nextChargeLabel, `$11.00 on ${formatLocalDate('2026-12-28T10:00:00.000Z')}`]);
    expect(screen.getAllByRole('button').filter((b) => b.classList.contains('btn-primary')).map((b) => b.textContent)).toEqual(['Manage subscription']);

    await user.click(screen.getByRole('button', { name: t.switchTo('year') }));
    const question = screen.getByRole('form', { name: t.switchTo('year') });
    expect(question).toHaveTextContent(t.switchQuestion('year', false, '$121.00'));
    await user.click(within(question).getByRole('button', { name: t.switchConfirm }));
    // No answer in time: said, and Retry sends the same press again.
    expect(await within(question).findByRole('alert')).toHaveTextContent(reachTexts.cantReach);
    await user.click(within(question).getByRole('button', { name: reachTexts.retry }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You are now on Pro Annual from today.'));
    const [first, again] = vi.mocked(switchBillingInterval).mock.calls.map(([body]) => body);
    expect(first).toEqual({ interval: 'year', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(again).toEqual(first);
    expect(await facts()).toContainEqual([t.planLabel, 'Pro Annual · $121.00 a year']);
    expect(screen.getByRole('button', { name: t.switchTo('month') })).toBeInTheDocument();
  });

  it('says the service is away when the read failed, and Retry reads it again', async () => {
    vi.mocked(readBilling).mockResolvedValueOnce(monthly);
    renderSection({ step: 'failed', failure: { kind: 'unreachable', retryAfterSeconds: 30 } });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${reachTexts.cantReach} ${reachTexts.tryAgainIn(30)}`);
    await userEvent.setup().click(screen.getByRole('button', { name: reachTexts.retry }));
    expect(await facts()).toContainEqual([t.paymentLabel, 'Mastercard ending in 4444 (expires 03/2030)']);
  });
});
