/**
 * Google sign-in through the local API and the Google stand-in: the auth Lambda builds the
 * authorisation address from the stand-in's discovery document, the browser's part (the stand-in's
 * form) is done over HTTP, and POST /api/auth/signinup exchanges the real code with PKCE.
 */
import { describe, expect, it } from 'vitest';
import { getAccount as getUserRecord } from '../../functions/accounts/account';
import { signInWithGoogle } from '../support/google-sign-in';
import { useTestStack } from '../support/local-stack';

const stack = useTestStack();

describe('Continue with Google, locally', () => {
  it('signs a new Google account up with a session and a product record carrying its Google name', async () => {
    const { who, result } = await signInWithGoogle(stack, 'grace@example.com', 'Grace Hopper');
    expect(result).toMatchObject({ status: 'OK', createdNewRecipeUser: true, user: { emails: ['grace@example.com'] } });
    expect(who.hasSession()).toBe(true);
    expect(await getUserRecord(stack.db, result.user.id)).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });

    const ensured = await who.post('/api/ensure-user-exists');
    expect(ensured.status).toBe(200);
    expect((await who.post('/api/track-login', { userId: result.user.id })).body.loginCount).toBe(1);
  });

  it('signs the same Google account in again as the same user', async () => {
    const first = await signInWithGoogle(stack, 'linus@example.com', 'Linus');
    const second = await signInWithGoogle(stack, 'linus@example.com', 'Linus');
    expect(second.result).toMatchObject({ status: 'OK', createdNewRecipeUser: false, user: { id: first.result.user.id } });
  });
});
