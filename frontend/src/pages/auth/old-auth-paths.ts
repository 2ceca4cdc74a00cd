/**
 * Where the addresses of SuperTokens' prebuilt pages lead now that the site has its own (one
 * sign-in experience). Old bookmarks and links keep working: `/auth` is sign-in (`?show=signup`,
 * sign-up), with its `redirectToPath` kept as the return path (`/auth/mfa` is a page of ours, and
 * the prebuilt UI's page per factor, `/auth/mfa/<factor>`, leads to it);
 * anything else under /auth that is no page of ours goes to sign-in.
 */
export function oldAuthPathTarget(pathname: string, search: string): { to: string; returnTo?: string } {
  const path = pathname.replace(/\/+$/, '');
  if (path.startsWith('/auth/mfa/')) {
    const redirectToPath = new URLSearchParams(search).get('redirectToPath');
    return { to: redirectToPath ? `/auth/mfa?${new URLSearchParams({ redirectToPath })}` : '/auth/mfa' };
  }
  const params = new URLSearchParams(search);
  const returnTo = params.get('redirectToPath') ?? undefined;
  const to = path === '/auth' && params.get('show') === 'signup' ? '/signup' : '/signin';
  return returnTo ? { to, returnTo } : { to };
}
