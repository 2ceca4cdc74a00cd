// Loaded by every page before it paints (a blocking script from our own origin, as the CSP allows):
// the theme chosen in this browser with the header's toggle, if any, goes on <html data-theme>,
// so the first paint is already in it. Without a choice the stylesheet follows the OS.
// The key is frontend/src/theme.ts's THEME_KEY.
try {
  var theme = localStorage.getItem('voxpen-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  // The dashboard's first-run checklist, seen done in this browser: its loading view keeps no room
  // for it (the key is frontend/src/pages/dashboard/first-run.ts's SETUP_DONE_KEY).
  if (localStorage.getItem('voxpen-setup-done') === '1') document.documentElement.setAttribute('data-setup-done', '');
  // A browser that has signed in before: /signin's prerendered greeting welcomes it back from the
  // first paint (frontend/src/auth/auth.css; the key is frontend/src/auth/sign-in-intent.ts's SIGNED_IN_BEFORE_KEY).
  if (localStorage.getItem('voxpen.signedInBefore') === '1') document.documentElement.setAttribute('data-signed-in-before', '');
} catch (e) {
  // Storage refused (a privacy mode): the OS's preference it is.
}
