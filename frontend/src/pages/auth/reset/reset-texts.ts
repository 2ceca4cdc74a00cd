/**
 * The password reset page's own words. Kept beside the page, not in shared/texts/: these
 * are only needed here. The success line is shared (`authTexts.passwordResetDone`): docs/security.md
 * (a new password ends sessions) promises what it says.
 */
export const resetTexts = {
  request: {
    title: 'Reset your password',
    lead: "Enter the email you signed up with and we'll send you a link to choose a new password.",
    heading: 'Get a reset link',
    intro: 'The link works once and expires after an hour.',
    submit: 'Email me a reset link',
  },
  sending: 'Sending...',
  checking: 'Checking your link...',
  sent: {
    heading: 'Check your email',
    line: (email: string) => `If an account uses ${email}, we have sent it a link to choose a new password. The link works once and expires after an hour.`,
    nothingYet: 'Nothing after a few minutes? Look in your spam folder, or send another link.',
    again: 'Send another link',
  },
  newPassword: {
    title: 'Choose a new password',
    lead: 'Your new password replaces the old one, and every device signed in to your account is signed out.',
    heading: 'Set a new password',
    intro: 'Type it twice, so a typo cannot lock you out.',
    password: 'New password',
    confirm: 'Confirm password',
    rules: 'At least 8 characters (fewer than 100), with at least one letter and one number.',
    passwordsDoNotMatch: 'The passwords do not match',
    submit: 'Change password',
    submitting: 'Changing password...',
  },
  expired: {
    title: 'This reset link no longer works',
    lead: 'A reset link works once and only for an hour, and this one has been used or is too old. Your password has not changed.',
    heading: 'Get a new link',
    intro: "Enter your email and we'll send you a fresh link.",
    submit: 'Send a new link',
  },
  done: {
    title: 'Password changed',
    signIn: 'Sign in',
  },
  email: 'Email',
  remembered: 'Remembered your password?',
  signIn: 'Sign in',
  notAllowed: 'A password reset is not available for this email. If you signed up with Google, use Continue with Google on the sign-in page.',
  failed: 'Something went wrong. Please check your connection and try again.',
} as const;
