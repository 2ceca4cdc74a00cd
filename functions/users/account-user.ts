/** The SuperTokens user behind a session, as the users API needs it (its emails). */
import supertokens from 'supertokens-node';

export interface AuthUser {
  id: string;
  emails: string[];
}

export async function authUser(userId: string): Promise<AuthUser | undefined> {
  const user = await supertokens.getUser(userId);
  return user ? { id: user.id, emails: user.emails.map((e) => e.toLowerCase()) } : undefined;
}
