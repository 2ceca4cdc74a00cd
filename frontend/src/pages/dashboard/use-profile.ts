import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import type { UserProfile } from '../../../../shared/api-types';
import { ensureUserExists } from '../../api/accounts';
import { getUserProfile } from '../../api/billing';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: UserProfile }
  /** spec §8: a 404 (no record yet) is ignored silently: no metrics, the Free plan. */
  | { status: 'missing' }
  | { status: 'error' };

/**
 * spec §2: on load the dashboard ensures the user record exists, then reads the profile, so a first
 * visit finds its record. A failed ensure is only logged: the profile read says what there is.
 */
export function useProfile(): ProfileState & { email?: string; name?: string } {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [account, setAccount] = useState<{ email?: string; name?: string }>({});
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const record = await ensureUserExists();
        if (live) setAccount({ email: record.email, name: record.name });
      } catch (error) {
        console.error('Could not ensure the user record', error);
      }
      try {
        const profile = await getUserProfile();
        if (live) setState({ status: 'ready', profile });
      } catch (error) {
        if (isAxiosError(error) && error.response?.status === 404) {
          if (live) setState({ status: 'missing' });
          return;
        }
        console.error('Could not load the user profile', error);
        if (live) setState({ status: 'error' });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  const fromProfile = state.status === 'ready' ? state.profile : undefined;
  return { ...state, email: account.email ?? fromProfile?.email, name: account.name ?? fromProfile?.name };
}
