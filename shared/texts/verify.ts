/** Email verification: the "Check your inbox" page, the link's landing page, and their mail. */
export const verifyTexts = {
  checkInbox: {
    title: 'Check your inbox',
    cardHeading: 'One step left',
    sentTo: (email: string) => `We sent a link to ${email}. Open it to confirm the address is yours, and your account is ready.`,
    sentToYourAddress: 'We sent a link to the address you signed up with. Open it to confirm the address is yours, and your account is ready.',
    why: 'Until then your account cannot be used: an address proves nothing until its owner opens the link.',
    resend: 'Send the link again',
    resending: 'Sending...',
    resent: 'We sent a new link. It may take a minute to arrive; look in your spam folder too.',
    alreadyVerified: 'Your address is confirmed. Taking you on...',
    wrongAddress: 'Typed the wrong address?',
    changeAddress: 'Sign up with another address',
    signOut: 'Sign out',
    failed: 'We could not send the link just now. Please try again in a minute.',
  },
  verifyEmail: {
    verifying: 'Confirming your address...',
    done: 'Your address is confirmed.',
    /** The link of an address change (its `change=email`): the account page says what the address is now. */
    changed: 'Your new address is confirmed.',
    continuing: 'Taking you on...',
    invalidTitle: 'This link no longer works',
    invalid: 'The link was already used or has expired (links work once, for 24 hours). Sign in and we will send you a new one.',
    sendNew: 'Send a new link',
    signIn: 'Sign in',
    failed: 'We could not confirm your address just now. Please try again in a minute.',
  },
  /** The API's answers about verification. */
  api: {
    resendLimited: (minutes: number) => `You asked for several links already. Please use the newest one, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  },
} as const;
