import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberReturnTo } from '../../return-to';
import { oldAuthPathTarget } from './old-auth-paths';

/**
 * The prebuilt pages' addresses, sent on (./old-auth-paths.ts). No auth code: it only remembers the
 * return path the way /pricing does (sign-in reads it from session storage; only a same-site path is kept).
 */
export function OldAuthPathRedirect() {
  const { pathname, search } = useLocation();
  const [to] = useState(() => {
    const target = oldAuthPathTarget(pathname, search);
    if (target.returnTo) rememberReturnTo(target.returnTo);
    return target.to;
  });
  return <Navigate to={to} replace />;
}

export default OldAuthPathRedirect;
