/** spec §4, §8, §9: the pricing page's plan buttons, the dashboard's metrics and subscription card, /checkout/success. */
export const billingUiTexts = {
  planButton: {
    processing: 'Processing...',
    current: 'Current Plan',
    switchToFree: 'Switch to Free',
    getStarted: 'Get Started',
  },
  checkout: {
    notFound: 'Checkout endpoint not found. Please check server configuration.',
    signInAgain: 'Authentication required. Please sign in again.',
    noResponse: 'No response from server. Please check your connection.',
    failed: 'Could not process your subscription. Please try again later.',
    noUrl: 'No checkout URL returned from server',
  },
  /** Back from Stripe's Checkout by its cancel link. */
  checkoutCancelled: 'Checkout cancelled: nothing was charged, and your plan has not changed.',
  downgradeFailed: 'Please manage your subscription through the dashboard to downgrade.',
  checkoutSuccess: {
    /** While the server is asked whether the returning checkout is this account's. */
    confirming: 'Confirming your subscription...',
    confirmed: 'Subscription confirmed!',
    redirecting: 'Redirecting to your dashboard...',
    noSession: 'No session ID found. Redirecting to dashboard...',
    /** spec §8: a session_id that is not this account's completed checkout, or the check failed. */
    failed: 'Something went wrong. Redirecting to dashboard...',
  },
  metrics: {
    timeSaved: 'Time Saved',
    wordsTranscribed: 'Words Transcribed',
    recordingTime: 'Recording Time',
    loading: 'Loading...',
    unavailable: 'Not available',
    /** A card's month with nothing in it: plain, not a green '+0'. */
    noneThisMonth: 'Nothing yet this month',
  },
  /** The dashboard's account card, when the account could not be read. */
  accountFailed: 'Could not load your account.',
  /** The dashboard of an account that has never dictated: where to start, and what will show. */
  firstRun: {
    title: 'Start dictating with Voxpen',
    lead: 'Install the app, sign in from it, and dictate anywhere you write. Your words, your recording time and the time you save appear here as you go, month by month.',
    install: (platform: 'Windows' | 'Mac') => `Install Voxpen for ${platform}`,
  },
  subscription: {
    title: 'Subscription',
    freePlan: 'Free Plan',
    proPlan: 'Pro Plan',
    renews: (date: string) => `Renews ${date}`,
    trialEnds: (date: string) => `Trial ends ${date}`,
    ends: (date: string) => `Ends ${date}`,
    cancelsOn: (date: string) => `Cancels on ${date}`,
    freeWords: (words: number) => `${words} words per month`,
    upgrade: 'Upgrade to Pro',
    manage: 'Manage subscription',
    loading: 'Loading...',
    loadFailed: 'Could not load subscription data',
    manageFailed: 'Could not access subscription management. Server endpoint may not be available.',
    /** After checkout, until Stripe's webhook has made the account Pro. */
    activating: 'Activating your subscription...',
  },
} as const;
