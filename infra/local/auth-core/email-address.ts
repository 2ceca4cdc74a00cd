/** One form of an email address for look-ups and uniqueness, as the core compares them. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
