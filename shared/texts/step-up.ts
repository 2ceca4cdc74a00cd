/** The proof a sensitive change asks for in the request itself (docs/security.md#step-up): its fields and its refusals. */
export const stepUpTexts = {
  passwordLabel: 'Your current password',
  passwordHint: 'We ask for it before any change to how you sign in.',
  codeLabel: 'Code from your authenticator app',
  passwordRequired: 'Enter your current password to confirm it is you.',
  codeRequired: 'Enter a code from your authenticator app to confirm it is you.',
  wrongPassword: 'Your current password is not correct.',
  wrongCode: 'That code did not work. Check it and try again.',
  confirmWithPasskey: 'Confirm with a passkey',
  wrongPasskey: 'That passkey could not confirm it is you. Use a passkey of this account and try again.',
  passkeyCancelled: 'No passkey was used: the request was cancelled or timed out.',
  passkeyFailed: 'Your passkey could not be asked. Please try again.',
  signInAgain: 'For your security, sign in again (within the last 10 minutes), then make this change.',
} as const;
