/** User-facing texts (spec §8 and the messages the API answers with). Tests import these.
 *
 * One const per area: a Lambda imports only its areas' sections (`apiTexts`, `usersTexts`…), so a bundle
 * carries those words and not every page's; the pages use `texts`, all of them under one name.
 */

export const apiTexts = {
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  internalError: 'Internal error',
  payloadTooLarge: 'Request body too large',
  malformedJson: 'Request body is not valid JSON',
  noRelease: 'No release has been published yet',
  /** Issue 17: the release routes' refusals of a platform, target, arch or version they cannot mean. */
  unknownPlatform: (platforms: readonly string[]) => `Unknown platform; one of ${platforms.join(', ')}`,
  unknownTarget: (targets: readonly string[]) => `Unknown target; one of ${targets.join(', ')}`,
  unknownArch: (archs: readonly string[]) => `Unknown arch; one of ${archs.join(', ')}`,
  invalidVersion: 'The current version is not a semantic version like 1.4.2',
  /** /api/auth/* refusals made before the SuperTokens SDK sees a request (functions/auth/request-guard.ts). */
  bodyNotObject: 'Request body must be a JSON object',
  invalidField: (field: string) => `The field ${field} is missing or has the wrong type`,
  emailTooLong: 'Email must be at most 254 characters',
  providerNotFound: 'This sign-in provider is not available',
  providerRefused: 'The sign-in provider did not accept this sign-in. Please try again.',
  linkingNotSupported: 'Linking accounts is not supported',
  /** Issue 18: a deployed API reached other than through CloudFront (functions/lib/origin-check.ts). */
  notThroughCdn: 'Forbidden: requests must come through the site',
} as const;

export const downloadTexts = {
  loading: 'Loading version info...',
  noUrl: 'No download URL available',
  versionLine: (version: string, date: string) => `Version ${version} | Released ${date}`,
} as const;

export const routerTexts = {
  unexpected: 'Unexpected Application Error!',
} as const;

/** spec §2: the home page. */
export const homeTexts = {
  available: 'Available on Windows & Mac OS',
} as const;

/** /contact and POST /api/contact (DECISIONS.md: stored, validated, rate-limited). */
export const contactTexts = {
  nameRequired: 'Please enter your name',
  nameTooLong: 'Please keep your name under 200 characters',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Please enter a message',
  messageTooLong: 'Please keep your message to 5000 characters or fewer',
  /** Issue 18: control characters (terminal escapes, carriage returns) refused by shared/schemas/contact.ts. */
  nameControl: 'Please use only ordinary characters in your name (no line breaks or control characters)',
  messageControl: 'Please remove the control characters from your message (line breaks and tabs are fine)',
  sent: 'Thank you! Your message has been sent. We will get back to you within one business day.',
  tooMany: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  failed: 'Your message could not be sent. Please try again in a moment.',
} as const;

/** spec §4, §5, §8: the sign-in, sign-up and callback pages, and the auth API's own messages. */
export const authTexts = {
  signIn: {
    submitting: 'Signing in...',
    success: 'Welcome back!',
    redirecting: 'Redirecting to your dashboard...',
    /** Issue 15: the success view says where it really goes (spec §2's line is the dashboard's). */
    redirectingToPricing: 'Taking you back to pricing to finish choosing your plan...',
    redirectingToDesktop: 'Taking you back to the desktop app...',
    redirectingToAccount: 'Taking you back to your account...',
    redirectingBack: 'Taking you back to where you were...',
    wrongCredentials: 'Invalid email or password.',
    failed: 'Sign in failed. Please try again.',
    error: 'An error occurred during sign in.',
  },
  signUp: {
    passwordsDoNotMatch: 'Passwords do not match',
    passwordHint: 'At least 8 characters, with a letter and a number',
    failed: 'Sign up failed. Please try again.',
    error: 'An error occurred during sign up.',
    termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  },
  google: {
    error: 'An error occurred during Google sign-in. Please try again.',
  },
  callback: {
    processing: 'Signing you in...',
    errorTitle: 'Authentication Error',
    backToSignIn: 'Back to Sign In',
    failedStatus: (status: string) => `Sign-in failed: ${status}. Please try again or contact support if the issue persists.`,
    failed: 'Authentication failed. Please try signing in again.',
    unexpected: 'An unexpected error occurred during authentication. Please try again.',
    /** Issue 15: Google answers error=access_denied when the person cancels; nothing went wrong. */
    cancelledTitle: 'Google sign-in cancelled',
    cancelled: 'You cancelled signing in with Google, so you are not signed in. You can sign in again whenever you like.',
  },
  /** Issue 15: one plain sentence per problem, the same from the pages and from the auth API. */
  fields: {
    required: 'Please fill in this field',
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address, like name@example.com',
    emailExists: 'An account with this email already exists. Please sign in instead.',
    passwordRequired: 'Please enter your password',
    newPasswordRequired: 'Please choose a password',
    passwordTooShort: 'Your password must be at least 8 characters long',
    passwordTooLong: 'Your password must be shorter than 100 characters',
    passwordNeedsLetter: 'Your password must contain at least one letter',
    passwordNeedsDigit: 'Your password must contain at least one number',
  },
  /** The password reset page's success view: a new password ends every session (issue 11). */
  passwordResetDone: 'Your password has been changed, and every device that was signed in to your account (browsers and the desktop app) has been signed out. Sign in with your new password.',
  /** Brute-force guard: the same answer whether or not the account exists. */
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** Billing API answers (create-checkout-session, manage-subscription, the Stripe webhook). */
export const billingTexts = {
  invalidPrice: 'Invalid price ID. Please contact support.',
  alreadyPro: 'You already have Pro. Manage it from your dashboard.',
  needsAttention: 'Your subscription needs attention. Manage it from your dashboard.',
  checkoutOpen: 'A checkout is already open for your account. Please finish it or try again.',
  noSubscription: 'You have no subscription to manage yet.',
  badSignature: 'Invalid webhook signature',
  unavailable: 'Billing is not available right now. Please try again later.',
} as const;

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
  downgradeFailed: 'Please manage your subscription through the dashboard to downgrade.',
  checkoutSuccess: {
    /** While the server is asked whether the returning checkout is this account's (issue 15). */
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
  },
  subscription: {
    title: 'Subscription',
    freePlan: 'Free Plan',
    proPlan: 'Pro Plan',
    renews: (date: string) => `Renews ${date}`,
    trialEnds: (date: string) => `Trial ends ${date}`,
    ends: (date: string) => `Ends ${date}`,
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

/** The desktop app's usage API (DECISIONS.md: Free's words per month are enforced). */
export const usageTexts = {
  /**
   * A Free report refused (issue 14: the truth, not "you have used them all" when some are left): what
   * is left of the month, and the two ways on. `resetsOn` is the next month's first day, e.g. 'December 1'.
   */
  limitReached: (left: number, limit: number, resetsOn: string) =>
    `${
      left === 0
        ? `You have used all of this month's ${limit} free words.`
        : `This report is more than the ${left} of this month's ${limit} free words you have left.`
    } The limit resets on ${resetsOn} (UTC), or upgrade to Pro for unlimited dictation.`,
  /** Issue 14: every report carries the IETF draft's Idempotency-Key, so a retried one counts once. */
  keyRequired: 'An Idempotency-Key header is required: a new UUID for each report, sent again unchanged with every retry of that report.',
  keyInvalid: 'The Idempotency-Key header must be 8 to 255 characters: letters, digits and - _ . : ~ (a UUID fits).',
  keyReused: 'This Idempotency-Key was already used for a different report in the last 24 hours. Make a new key for each report.',
} as const;

/** The desktop sign-in handoff (DECISIONS.md: a single-use code, exchanged for the app's own session). */
export const desktopTexts = {
  invalidRedirect: 'Invalid redirect URL',
  signInFirst: 'Authentication required. Please sign in first.',
  invalidCode: 'This sign-in code is invalid or has expired. Please sign in again from the desktop app.',
  /** spec §2 /launch, §8. */
  checking: 'Connecting your desktop app...',
  allSet: "You're all set!",
  returning: 'Returning you to the desktop app...',
  redirectFailed: 'Failed to redirect to desktop app. Please try again.',
  goHome: 'Go to Home',
  /** PKCE (RFC 7636, S256 only), which every desktop sign-in must use: shown by /launch and answered by the API. */
  challengeMissing: 'This sign-in link has no code challenge (PKCE with S256 is required). Please update the desktop app and try again.',
  challengeMethodUnsupported: 'This sign-in link uses an unsupported code challenge method: only S256 is accepted. Please update the desktop app and try again.',
  challengeMalformed: 'This sign-in link has a malformed code challenge (an S256 challenge is 43 base64url characters). Please sign in again from the desktop app.',
  verifierInvalid: 'The code verifier is missing or malformed: it must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~".',
  verifierMismatch: 'The code verifier does not match this sign-in code, which is now used up. Please sign in again from the desktop app.',
} as const;

/** /account and its API (issue 13: account self-service). */
export const accountTexts = {
  renamed: 'Your name has been saved.',
  nameRequired: 'Please enter your name',
  nameTooLong: 'Please keep your name to 200 characters or fewer',
  passwordChanged: 'Your password has been changed. Every other device signed in to your account (browsers and the desktop app) has been signed out.',
  wrongPassword: 'Your current password is not correct.',
  noPassword: 'This account signs in with Google and has no password to change.',
  signedOutEverywhere: 'You have been signed out of all devices.',
  /** The typed confirmation a deletion needs, exactly. */
  deleteConfirmation: 'delete my account',
  confirmationMismatch: 'Type "delete my account" to confirm.',
  signInAgainToDelete: 'For your security, sign in again, then delete your account within 10 minutes.',
  deleted: 'Your account and its data have been deleted. Goodbye, and thank you for using Voxpen.',
} as const;

export const usersTexts = {
  notOwnAccount: 'You can only change your own account',
  emailNotYours: 'Email does not match your account',
  notFound: 'User not found',
} as const;

export const texts = {
  api: apiTexts,
  download: downloadTexts,
  router: routerTexts,
  home: homeTexts,
  contact: contactTexts,
  auth: authTexts,
  billing: billingTexts,
  billingUi: billingUiTexts,
  usage: usageTexts,
  desktop: desktopTexts,
  account: accountTexts,
  users: usersTexts,
} as const;
