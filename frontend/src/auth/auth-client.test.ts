import { describe, expect, it, vi } from 'vitest';
import { finishGoogleSignIn, NOT_FROM_GOOGLE } from './auth-client';

describe('finishGoogleSignIn', () => {
  it('answers an address without the state Google sends back as a failure of its own, asking nothing of the network', async () => {
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    for (const search of ['', '?code=abc', '?state='])
      await expect(finishGoogleSignIn(search), search).resolves.toEqual({ status: 'GENERAL_ERROR', message: NOT_FROM_GOOGLE });
    expect(network).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
