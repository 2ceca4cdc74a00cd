/** /account's Billing section: its own texts (the API's sentences stay in shared/texts/billing.ts). */
const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const billingSectionTexts = {
  title: 'Plan and billing',
  loading: 'Loading your billing...',
  loadFailed: 'Could not load your billing.',
  money,
  planLabel: 'Plan',
  free: 'Free: 500 words a month',
  freeLead: 'Pro gives you unlimited words, every style and export format, and a custom vocabulary. It starts with a 14-day free trial.',
  seePro: 'See Pro',
  pro: (interval: 'month' | 'year', amount: number, currency: string) => `Pro ${interval === 'year' ? 'Annual' : 'Monthly'} · ${money(amount, currency)} a ${interval}`,
  trialLabel: 'Free trial',
  /** A trial with a card: what follows it. */
  trialThen: (ends: string, amount: number, currency: string, interval: 'month' | 'year') => `Until ${ends}, then ${money(amount, currency)}/${interval} on ${ends}`,
  /** A trial without a card: it cancels at its end (functions/billing/checkout.ts). */
  trialEnds: (ends: string) => `Until ${ends}. It then ends, and nothing is charged.`,
  trialAddCard: 'To keep Pro after your trial, add a card with Manage subscription.',
  nextChargeLabel: 'Next charge',
  nextCharge: (amount: number, currency: string, at: string) => `${money(amount, currency)} on ${at}`,
  /** A credit on the balance (after a switch to monthly) pays for some or all of it. */
  creditNote: 'Your credit from an earlier change pays for it.',
  endsLabel: 'Ends',
  ends: (at: string) => `On ${at}. Nothing more is charged.`,
  paymentLabel: 'Payment method',
  card: (brand: string, last4: string, month: number, year: number) => `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending in ${last4} (expires ${String(month).padStart(2, '0')}/${year})`,
  noCard: 'None',
  switchTitle: 'Billing period',
  switchTo: (interval: 'month' | 'year') => (interval === 'year' ? 'Switch to annual billing' : 'Switch to monthly billing'),
  /** What the switch does, said before it is confirmed (Stripe prorates it: functions/billing/billing-overview.ts). */
  switchQuestion: (interval: 'month' | 'year', trial: boolean, price: string) =>
    trial
      ? `Switch to ${price} a ${interval}? Your trial goes on; the new price applies when it ends.`
      : interval === 'year'
        ? `Switch to ${price} a year, from today? You are charged ${price} now, less the unused part of this month.`
        : `Switch to ${price} a month, from today? The unused part of your year becomes credit for your next invoices.`,
  switchConfirm: 'Yes, switch',
  switching: 'Switching...',
  cancel: 'Cancel',
  switchFailed: 'Your billing period could not be changed. Nothing was charged.',
  annualSaves: 'Annual billing is one month free.',
  invoicesTitle: 'Invoices',
  noInvoices: 'No invoices yet.',
  invoice: (amount: number, currency: string, date: string) => `${date} · ${money(amount, currency)}`,
  receipt: 'Receipt',
  receiptLabel: (date: string) => `Receipt for ${date} (opens in a new tab)`,
  portalNote: 'Change your card, cancel, or see older invoices in Stripe.',
} as const;
