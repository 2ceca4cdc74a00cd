import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { UserProfile } from '../../../../shared/api-types';
import { ensureUserExists } from '../../api/accounts';
import { getUserProfile } from '../../api/billing';
import { ACTIVATION_POLL_MS, ACTIVATION_POLL_TRIES, cameFromCheckout } from './checkout-return';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: UserProfile }
  /** spec §8: a 404 (no record yet) is ignored silently: no metrics, the Free plan. */
  | { status: 'missing' }
  | { status: 'error' };

async function readProfile(): Promise<ProfileState> {
  try {
    return { status: 'ready', profile: await getUserProfile() };
  } catch (error) {
    // spec §8: a 404 is ignored silently.
    if (isAxiosError(error) && error.response?.status === 404) return { status: 'missing' };
    console.error('Could not load the user profile', error);
    return { status: 'error' };
  }
}

const isPro = (state: ProfileState) => state.status === 'ready' && state.profile.plan === 'pro';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * spec §2: on load the dashboard ensures the user record exists, then reads the profile, so a first
 * visit finds its record. A failed ensure is only logged: the profile read says what there is.
 * Straight after a checkout (router state from /checkout/success) the plan may still read Free while
 * Stripe's webhook is on its way: then the profile is read again every 1.5 s, up to 10 times, until
 * it is Pro; `activating` holds meanwhile (the metrics show the latest read), and after the last try
 * the profile is shown as it reads.
 */
export function useProfile(): ProfileState & { email?: string; name?: string; activating: boolean } {
  const location = useLocation();
  // Read once: the dashboard's own later navigation does not start another wait.
  const [fromCheckout] = useState(() => cameFromCheckout(location.state));
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [activating, setActivating] = useState(false);
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
      let latest = await readProfile();
      if (!live) return;
      setState(latest);
      if (!fromCheckout || isPro(latest)) return;
      setActivating(true);
      for (let tries = 0; tries < ACTIVATION_POLL_TRIES && !isPro(latest); tries++) {
        await wait(ACTIVATION_POLL_MS);
        if (!live) return;
        const next = await readProfile();
        if (!live) return;
        // A failed re-read does not hide what an earlier read found.
        if (next.status !== 'error' || latest.status === 'error') setState((latest = next));
      }
      setActivating(false);
    })();
    return () => {
      live = false;
    };
  }, [fromCheckout]);
  const fromProfile = state.status === 'ready' ? state.profile : undefined;
  return { ...state, activating, email: account.email ?? fromProfile?.email, name: account.name ?? fromProfile?.name };
}
