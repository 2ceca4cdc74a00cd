import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { PRODUCT_NAME } from '../../shared/product';
import { ACCOUNT_PATH, SETTINGS_SECTIONS, settingsPath } from '../../shared/site-pages';
import { Layout } from './layout/Layout';
import { ErrorPage } from './pages/ErrorPage';
import { loadChunk } from './chunk-load';

interface PageModule {
  default: ComponentType;
  /** The route's data (react-router's loader), when the page has any: client routes only, never a prerendered page (it would run at build time). */
  loader?: LoaderFunction;
  /** What the page's forms send (react-router's action): the router revalidates its loaders after. */
  action?: ActionFunction;
  /** What the first load shows while the loader runs. */
  HydrateFallback?: ComponentType;
  shouldRevalidate?: ShouldRevalidateFunction;
}

/**
 * A lazy page route. `source` (the module's path from frontend/) lets the prerender step preload the
 * page's chunk in its HTML, so hydration does not wait for a second round trip. A page module that
 * exports a loader owns its data: the router runs it once the chunk is in.
 */
function page(source: string, load: () => Promise<PageModule>, { title, alsoLoads }: { title?: string; alsoLoads?: readonly string[] } = {}): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    lazy: async () => {
      // A chunk that does not arrive is marked, for the error page to load the page again once.
      const { default: Component, loader, action, HydrateFallback, shouldRevalidate } = await loadChunk(load);
      // Absent ones stay undefined: a route without a loader, as before.
      return { Component, loader, action, HydrateFallback, shouldRevalidate };
    },
    // A title here is the route's own, for a path no list of titles can name (layout/document-title.ts).
    // `alsoLoads`: modules the page fetches as it opens (its loader's import()), preloaded with it in
    // its shell so they arrive in the same round as its own chunk, not a round after.
    handle: { source, ...(title ? { title } : {}), ...(alsoLoads ? { alsoLoads } : {}) },
  };
}

/**
 * Every page is its own chunk: a route loads only its own code. The marketing pages (shared/site-pages.ts)
 * are prerendered at build time; none of them may import auth, dashboard or billing code.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    // In the site's layout: an error page with the site's header and footer, not a bare one.
    errorElement: (
      <Layout>
        <ErrorPage />
      </Layout>
    ),
    children: [
      { index: true, ...page('src/pages/HomePage.tsx', () => import('./pages/HomePage')) },
      { path: '/pricing', ...page('src/pages/PricingPage.tsx', () => import('./pages/PricingPage')) },
      { path: '/features', ...page('src/pages/FeaturesPage.tsx', () => import('./pages/FeaturesPage')) },
      { path: '/download', ...page('src/pages/DownloadPage.tsx', () => import('./pages/DownloadPage')) },
      { path: '/download/releases', ...page('src/pages/ReleasesPage.tsx', () => import('./pages/ReleasesPage')) },
      { path: '/about', ...page('src/pages/AboutPage.tsx', () => import('./pages/AboutPage')) },
      { path: '/careers', ...page('src/pages/CareersPage.tsx', () => import('./pages/CareersPage')) },
      { path: '/contact', ...page('src/pages/ContactPage.tsx', () => import('./pages/ContactPage')) },
      { path: '/privacy', ...page('src/pages/legal/PrivacyPage.tsx', () => import('./pages/legal/PrivacyPage')) },
      { path: '/terms', ...page('src/pages/legal/TermsPage.tsx', () => import('./pages/legal/TermsPage')) },
      { path: '/security', ...page('src/pages/legal/SecurityPage.tsx', () => import('./pages/legal/SecurityPage')) },
      // The prebuilt SuperTokens pages' addresses, sent on to the site's own; no auth code needed.
      { path: '/auth', ...page('src/pages/auth/OldAuthPathRedirect.tsx', () => import('./pages/auth/OldAuthPathRedirect')) },
      { path: '/auth/*', ...page('src/pages/auth/OldAuthPathRedirect.tsx', () => import('./pages/auth/OldAuthPathRedirect')) },
      {
        // Pages that need the auth SDK: it loads with them, never with the marketing pages.
        ...page('src/auth/AuthShell.tsx', () => import('./auth/AuthShell')),
        children: [
          { path: '/signin', ...page('src/pages/auth/SignInPage.tsx', () => import('./pages/auth/SignInPage')) },
          { path: '/signup', ...page('src/pages/auth/SignUpPage.tsx', () => import('./pages/auth/SignUpPage')) },
          { path: '/auth/callback', ...page('src/pages/auth/AuthCallbackPage.tsx', () => import('./pages/auth/AuthCallbackPage')) },
          { path: '/launch', ...page('src/pages/auth/LaunchPage.tsx', () => import('./pages/auth/LaunchPage')) },
          // The second step of a sign-in (two-step verification), the spec's factor chooser.
          { path: '/auth/mfa', ...page('src/pages/auth/SecondStepPage.tsx', () => import('./pages/auth/SecondStepPage')) },
          // Where the emailed reset link lands (SuperTokens' default path): the site's own page.
          { path: '/auth/reset-password', ...page('src/pages/auth/ResetPasswordPage.tsx', () => import('./pages/auth/ResetPasswordPage')) },
          // Email verification: where an unproven session waits, and where the mailed link lands.
          { path: '/check-inbox', ...page('src/pages/auth/CheckInboxPage.tsx', () => import('./pages/auth/CheckInboxPage')) },
          { path: '/verify-email', ...page('src/pages/auth/VerifyEmailPage.tsx', () => import('./pages/auth/VerifyEmailPage')) },
          // Stripe's return address: a client route (shared/url-rewrite.ts), on its way to the dashboard.
          { path: '/checkout/success', ...page('src/pages/CheckoutSuccessPage.tsx', () => import('./pages/CheckoutSuccessPage')) },
        ],
      },
      { path: '*', ...page('src/pages/NotFoundPage.tsx', () => import('./pages/NotFoundPage'), { title: `Page not found | ${PRODUCT_NAME}` }) },
    ],
  },
  {
    // The signed-in area (the dashboard, /account): the same site layout, its navigation bar signing out.
    ...page('src/pages/dashboard/DashboardLayout.tsx', () => import('./pages/dashboard/DashboardLayout')),
    // In the site's layout: an error page with the site's header and footer, not a bare one.
    errorElement: (
      <Layout>
        <ErrorPage />
      </Layout>
    ),
    children: [
      { path: '/dashboard', ...page('src/pages/dashboard/DashboardPage.tsx', () => import('./pages/dashboard/DashboardPage')) },
      // The vocabulary sections' chunk, which its loader fetches beside its reads (pages/account/dictation.ts).
      // Each settings section its own path (back, forward and links work), drawn by the page itself:
      // no chunk or element of their own (the page draws none in an Outlet), and its one loader reads for all of them.
      {
        path: ACCOUNT_PATH,
        ...page('src/pages/account/AccountPage.tsx', () => import('./pages/account/AccountPage'), { alsoLoads: ['src/pages/account/dictation.ts'] }),
        children: [{ index: true, element: null }, ...SETTINGS_SECTIONS.map((section) => ({ path: settingsPath(section), element: null }))],
      },
    ],
  },
];
