/** spec §4, §8, §9: the pricing page's plan buttons, the dashboard's metrics and subscription card, /checkout/success. */
export const billingUiTexts = {
  planButton: {
    processing: 'Processing...',
    current: 'Current Plan',
    switchToFree: 'Switch to Free',
    getStarted: 'Get Started',
    /** Pro to a signed-in Free account: what pressing it does (Stripe Checkout for Pro). */
    upgrade: 'Upgrade to Pro',
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
  /** The dashboard's first-run checklist, until the app is installed, signed in, and has dictated. */
  firstRun: {
    title: 'Get started with Voxpen',
    lead: 'Three steps, and your words, recording time and time saved start to show here.',
    installTitle: 'Install Voxpen',
    installLead: (platform: 'Windows' | 'Mac') => `The app for ${platform}: it writes wherever you type.`,
    install: (platform: 'Windows' | 'Mac') => `Download for ${platform}`,
    signInTitle: 'Sign in from the app',
    signInLead: 'Open Voxpen and choose Sign in: your browser asks you to confirm, and the app is signed in.',
    dictateTitle: 'Dictate your first words',
    dictateLead: 'Hold the shortcut, speak, and let go: your words appear where your cursor is.',
    /** All three done, shown the once its room was kept: the next visit has no checklist. */
    allSet: 'You are all set',
    done: 'Done',
    toDo: 'To do',
    /** The chart's place before anything has been dictated: no empty bars. */
    chartFirstRun: 'Your words and recording time show here, month by month, after your first dictation.',
    /** The Windows card's link while the checklist carries the download. */
    allDownloads: 'All downloads',
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
