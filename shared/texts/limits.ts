/**
 * The sentence every rate limit answers (auth's doors and a step-up's proof alike), in a module of its
 * own so that a Lambda which only refuses too many attempts carries this and not every auth page's words.
 */
export const limitTexts = {
  /** Brute-force guard: the same answer whether or not the account exists. */
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
