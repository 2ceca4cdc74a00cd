/** The site header's own words, beside its links. */
export const layoutTexts = {
  /** The theme toggle's name; pressed, the site is dark whatever the OS prefers. */
  darkTheme: 'Dark theme',
  /** In place of Dashboard while the sign-in still owes its second step: the bar's way back to it. */
  finishSignIn: 'Finish signing in',
} as const;
