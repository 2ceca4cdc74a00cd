import { useState } from 'react';
import { Navigate, useLoaderData, useLocation } from 'react-router';
import { useSession } from '../../auth/session';
import { useSettled } from '../../hooks/use-settled';
import { cameFromCheckout } from './checkout-return';
import { LOADING, loadDashboard, readDashboard, useActivation, type Account, type DashboardData, type ProfileState } from './dashboard-data';
import { DashboardSkeleton, DashboardView } from './DashboardView';

export { loadDashboard as loader };

/** Read once per visit, as the page always did: following a link to /dashboard from /dashboard reads nothing again. */
export const shouldRevalidate = () => false;

/** spec §2, §4: while the loader checks the session (the first load of /dashboard), the page's own skeleton, not a spinner it would jump from. */
export function HydrateFallback() {
  return <DashboardSkeleton />;
}

function Dashboard() {
  const data = useLoaderData<DashboardData>();
  const location = useLocation();
  // Read once: the dashboard's own later navigation does not start another wait.
  const [fromCheckout] = useState(() => cameFromCheckout(location.state));
  const loadedRecord = useSettled(data.record);
  // A read again after a failure (Retry, on the account or subscription card) replaces the loader's.
  const [retried, setRetried] = useState<{ record?: Account; profile: ProfileState }>();
  const loaded = useSettled(data.profile);
  const record = retried ? retried.record : loadedRecord;
  const { state, activating } = useActivation(retried?.profile ?? loaded ?? LOADING, fromCheckout);
  const fromProfile = state.status === 'ready' ? state.profile : undefined;
  const retry = async () => {
    setRetried({ profile: LOADING });
    const again = readDashboard();
    const [account, profile] = await Promise.all([again.record, again.profile]);
    setRetried({ record: account, profile });
  };
  // The record's failure matters only while nothing else has named the account.
  const failure = fromProfile ? undefined : record?.failure;
  return (
    <DashboardView
      state={state}
      activating={activating}
      onRetry={retry}
      user={{ email: record?.email ?? fromProfile?.email, name: record?.name ?? fromProfile?.name, failure }}
    />
  );
}

/**
 * spec §2, §4: the signed-out go to /signin. While the session is still being read, the skeleton
 * stands (a spinner would replace the page's layout for a frame and shift it).
 */
export function DashboardPage() {
  const session = useSession();
  if (session.loading) return <DashboardSkeleton />;
  if (!session.doesSessionExist) return <Navigate to="/signin" replace />;
  return <Dashboard />;
}

export default DashboardPage;
