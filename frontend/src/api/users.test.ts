import { beforeEach, describe, expect, it, vi } from 'vitest';
import { secondStepPendingByHint } from '../session-hint';
import { api } from './client';
import { recordSignIn } from './users';

vi.mock('./client', () => ({ api: { post: vi.fn(async () => ({ data: {} })) } }));
vi.mock('../session-hint', () => ({ secondStepPendingByHint: vi.fn() }));

beforeEach(() => vi.mocked(api.post).mockClear());

describe('recordSignIn', () => {
  it('asks nothing while the sign-in owes its second step (the API would refuse it: 403 in the console); /auth/mfa records it once done', async () => {
    vi.mocked(secondStepPendingByHint).mockReturnValue(true);
    await recordSignIn('u-1');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('ensures the record and counts the login for a whole sign-in', async () => {
    vi.mocked(secondStepPendingByHint).mockReturnValue(false);
    await recordSignIn('u-1');
    expect(vi.mocked(api.post).mock.calls.map(([path]) => path)).toEqual(['/api/ensure-user-exists', '/api/track-login']);
  });
});
