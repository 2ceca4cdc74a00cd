/** Billing API answers (create-checkout-session, manage-subscription, the Stripe webhook). */
export const billingTexts = {
  invalidPrice: 'Invalid price ID. Please contact support.',
  alreadyPro: 'You already have Pro. Manage it from your dashboard.',
  needsAttention: 'Your subscription needs attention. Manage it from your dashboard.',
  checkoutOpen: 'A checkout is already open for your account. Please finish it or try again.',
  noSubscription: 'You have no subscription to manage yet.',
  /** Checkout or the portal asked for an account being deleted (functions/user-record/deletion.ts). */
  accountDeleting: 'This account is being deleted, so nothing new can start for it.',
  badSignature: 'Invalid webhook signature',
  unavailable: 'Billing is not available right now. Please try again later.',
  /** POST /api/billing/interval. */
  switched: (interval: 'month' | 'year', trial: boolean) =>
    interval === 'year'
      ? trial
        ? 'You are now on Pro Annual. Your trial goes on; the annual price applies when it ends.'
        : 'You are now on Pro Annual from today. The unused part of your month was taken off the first year.'
      : trial
        ? 'You are now on Pro Monthly. Your trial goes on; the monthly price applies when it ends.'
        : 'You are now on Pro Monthly from today. The unused part of your year is kept as credit for the next invoices.',
  alreadyOnInterval: (interval: 'month' | 'year') => `You are already billed ${interval === 'year' ? 'annually' : 'monthly'}.`,
} as const;
