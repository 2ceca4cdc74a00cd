import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from './session';
import { Spinner } from './Spinner';

/** spec §2, §4: a spinner while the session loads; the signed-out go to /signin. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.loading) return <Spinner />;
  if (!session.doesSessionExist) return <Navigate to="/signin" replace />;
  return <>{children}</>;
}
