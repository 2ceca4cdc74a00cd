export const routerTexts = {
  unexpected: 'Unexpected Application Error!',
} as const;
