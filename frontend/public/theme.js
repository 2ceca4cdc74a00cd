// Loaded by every page before it paints (a blocking script from our own origin, as the CSP allows):
// the theme chosen in this browser with the header's toggle, if any, goes on <html data-theme>,
// so the first paint is already in it. Without a choice the stylesheet follows the OS.
// The key is frontend/src/theme.ts's THEME_KEY.
try {
  var theme = localStorage.getItem('voxpen-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch (e) {
  // Storage refused (a privacy mode): the OS's preference it is.
}
