/** The desktop app's usage API (docs/decisions.md#6: Free's words per month are enforced). */
export const usageTexts = {
  /**
   * A Free report refused (the truth, not "you have used them all" when some are left): what
   * is left of the month, and the two ways on. `resetsOn` is the next month's first day, e.g. 'December 1'.
   */
  limitReached: (left: number, limit: number, resetsOn: string) =>
    `${
      left === 0
        ? `You have used all of this month's ${limit} free words.`
        : `This report is more than the ${left} of this month's ${limit} free words you have left.`
    } The limit resets on ${resetsOn} (UTC), or upgrade to Pro for unlimited dictation.`,
  /** Every report carries the IETF draft's Idempotency-Key, so a retried one counts once. */
  keyRequired: 'An Idempotency-Key header is required: a new UUID for each report, sent again unchanged with every retry of that report.',
  keyInvalid: 'The Idempotency-Key header must be 8 to 255 characters: letters, digits and - _ . : ~ (a UUID fits).',
  keyReused: 'This Idempotency-Key was already used for a different report in the last 24 hours. Make a new key for each report.',
  /** Past the hourly rate of reports (functions/usage/handler.ts): the desktop app waits and sends again. */
  tooManyReports: (minutes: number) => `Too many usage reports from this account in the last hour. Send them again in ${minutes} minute${minutes === 1 ? '' : 's'}; nothing was counted.`,
} as const;
