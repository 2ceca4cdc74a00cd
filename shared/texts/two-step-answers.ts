/**
 * Two-step verification's answers from the API (a second-factor check, the auth Lambda's refusals), part
 * of ./two-step.ts's texts and a module of their own so that the auth Lambda carries these and not the
 * /account section's and /auth/mfa's words (docs/testing.md#lambda-budgets).
 */
export const twoStepAnswerTexts = {
  /** Every failed second-factor check, whatever was wrong with it. */
  wrongCode: 'That code did not work. Check it and try again.',
  codeRequired: 'Enter the code.',
  api: {
    notOn: 'Two-step verification is not on for this account.',
    alreadyOn: 'Two-step verification is already on.',
    turnOffFromAccount: 'Turn off two-step verification from your account page.',
    verifyEmailFirst: 'Confirm your email address before adding a second step.',
  },
} as const;
