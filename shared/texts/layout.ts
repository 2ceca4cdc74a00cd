/** The site header's own words, beside its links. */
export const layoutTexts = {
  /** The theme toggle's name; pressed, the site is dark whatever the OS prefers. */
  darkTheme: 'Dark theme',
} as const;
