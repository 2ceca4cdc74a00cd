/**
 * The Content-Security-Policy: exactly what the app needs. Scripts only from the site (Vite's hashed
 * chunks, no inline script); styles also inline: each prerendered page and route shell carries its stylesheet in a
 * <style> (its first paint waits for no second request) and React writes `style` attributes
 * (the skeleton's bar widths, the usage chart); API calls go to the same origin (CloudFront routes /api/*); forms and redirects may leave for
 * Stripe's hosted checkout and portal and Google's sign-in; nobody may frame us.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://accounts.google.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** Two years, as the HSTS preload list asks. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
