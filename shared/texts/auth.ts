/** spec §4, §5, §8: the sign-in, sign-up and callback pages, and the auth API's own messages. */
import { homeTexts } from './home';
import { limitTexts } from './limits';

export const authTexts = {
  signIn: {
    submitting: 'Signing in...',
    success: 'Welcome back!',
    redirecting: 'Redirecting to your dashboard...',
    /** The success view says where it really goes (spec §2's line is the dashboard's). */
    redirectingToPricing: 'Taking you back to pricing to finish choosing your plan...',
    redirectingToDesktop: 'Taking you back to the desktop app...',
    redirectingToAccount: 'Taking you back to your account...',
    redirectingBack: 'Taking you back to where you were...',
    /** Signed in with the first factor, on to the second (two-step verification). */
    redirectingToSecondStep: 'One more step: the code from your authenticator app...',
    redirectingToCheckout: (plan: string) => `Taking you to checkout for ${plan}...`,
    wrongCredentials: 'Invalid email or password.',
    failed: 'Sign in failed. Please try again.',
    error: 'An error occurred during sign in.',
  },
  /** The sign-in and sign-up pages' headings: what the visitor came for, when they came for something. */
  intent: {
    signInForDesktop: 'Sign in to connect the Voxpen app',
    signUpForDesktop: 'Create your account to connect the Voxpen app',
    signInForPlan: (plan: string) => `Sign in to continue to ${plan}`,
    signUpForPlan: (plan: string) => `Create your account to continue to ${plan}`,
    /** Only to a browser that has signed in before. */
    welcomeBack: 'Welcome back to Voxpen',
    signIn: 'Sign in to Voxpen',
    signUp: homeTexts.signUpCall,
    /** A Google sign-in that created the account. */
    welcomeNew: 'Welcome to Voxpen!',
    plan: (interval: 'monthly' | 'annually') => `Pro (${interval === 'annually' ? 'annual' : 'monthly'})`,
    /** /signin's line under the heading: what is waiting only for a browser that has signed in before. */
    signInLeadReturning: 'Pick up where you left off: your dictations, your words per minute and your plan are waiting.',
    signInLeadDesktop: 'Sign in here, confirm, and the Voxpen app on this computer is signed in too.',
    signInLead: 'Use the account you made for Voxpen: your dictations, words and plan are kept with it.',
    /** /signup's line: the Free plan's promise, or, for a visitor on their way to Pro, its trial. */
    signUpLeadFree: 'Create your free Voxpen account: 500 words a month on the Free plan, no card needed.',
    signUpLeadPro: (trialDays: number) => `Create your account, then start Pro with a ${trialDays}-day free trial.`,
    /** Under the Google button on /signup: it creates an account too, on the same terms as the form. */
    googleTerms: 'By continuing with Google, you agree to the',
  },
  signUp: {
    passwordsDoNotMatch: 'Passwords do not match',
    passwordHint: 'At least 8 characters, with a letter and a number',
    failed: 'Sign up failed. Please try again.',
    error: 'An error occurred during sign up.',
    termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  },
  /** Beside a prerendered form in a browser with JavaScript off (pages/auth/NoScriptNotice.tsx). */
  noScript: 'This page needs JavaScript, which is turned off in this browser. Turn it on in your browser settings, then reload the page.',
  google: {
    error: 'An error occurred during Google sign-in. Please try again.',
  },
  callback: {
    processing: 'Signing you in...',
    errorTitle: 'Authentication Error',
    backToSignIn: 'Back to Sign In',
    /** A Google sign-up with the address of an account that signs in otherwise (docs/security.md#one-account-per-address). */
    addressHasPasswordAccount: 'An account with this email already exists and signs in with its password. Sign in with your email and password instead (or reset the password from the sign-in page if you do not know it).',
    failedStatus: (status: string) => `Sign-in failed: ${status}. Please try again or contact support if the issue persists.`,
    failed: 'Authentication failed. Please try signing in again.',
    unexpected: 'An unexpected error occurred during authentication. Please try again.',
    /** Google answers error=access_denied when the person cancels; nothing went wrong. */
    cancelledTitle: 'Google sign-in cancelled',
    cancelled: 'You cancelled signing in with Google, so you are not signed in. You can sign in again whenever you like.',
  },
  /** One plain sentence per problem, the same from the pages and from the auth API. */
  fields: {
    required: 'Please fill in this field',
    nameRequired: 'Please enter your name',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address, like name@example.com',
    emailExists: 'An account with this email already exists. Please sign in instead.',
    /** An email sign-up with the address of an account that signs in with Google (docs/security.md#one-account-per-address). */
    emailHasGoogle: 'An account with this email signs in with Google. Use “Continue with Google” instead.',
    passwordRequired: 'Please enter your password',
    newPasswordRequired: 'Please choose a password',
    passwordTooShort: 'Your password must be at least 8 characters long',
    passwordTooLong: 'Your password must be shorter than 100 characters',
    passwordNeedsLetter: 'Your password must contain at least one letter',
    passwordNeedsDigit: 'Your password must contain at least one number',
  },
  /** The password reset page's success view: a new password ends every session. */
  passwordResetDone: 'Your password has been changed, and every device that was signed in to your account (browsers and the desktop app) has been signed out. Sign in with your new password.',
  /** Brute-force guard: the same answer whether or not the account exists (./limits.ts). */
  tooManyAttempts: limitTexts.tooManyAttempts,
} as const;
