/** spec §2: the home page. */
export const homeTexts = {
  available: 'Available on Windows & Mac OS',
  /** The home page's sign-up call; the sign-up page greets a visitor who came for nothing else with it. */
  signUpCall: 'Start writing with your voice',
} as const;
