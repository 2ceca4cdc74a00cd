/** spec §2: the home page. */
export const homeTexts = {
  available: 'Available on Windows & Mac OS',
} as const;
