// Loaded, blocking, by the pages prerendered with their forms (shared/site-pages.ts FORM_SHELL_ROUTES),
// before they paint. A press the page cannot answer yet, before its code has hydrated it, is held
// here, what was typed left in place: a form's submit, which the browser would otherwise send itself
// (the CDN answers a page's POST 403, and the typing would be gone), or a button's click (Continue
// with Google), which would do nothing. The page answers it once it can
// (frontend/src/hooks/use-held-press.ts). The last press is the one kept. Our own origin's file: the
// CSP allows no inline script. docs/decisions.md#27.
(function () {
  var root = document.documentElement;
  function hold(press) {
    window.voxpenHeldPress = press;
    root.setAttribute('data-press-held', '');
  }
  document.addEventListener(
    'submit',
    function (event) {
      if (root.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      // Kept from React too, which may be listening already: the page sends it once, when ready.
      event.stopPropagation();
      hold({ form: event.target, submitter: event.submitter || null });
    },
    true,
  );
  document.addEventListener(
    'click',
    function (event) {
      if (root.hasAttribute('data-hydrated')) return;
      var button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
      if (!button) return;
      // Kept from React too, which may be listening already: the page answers it once, when ready.
      event.stopPropagation();
      hold({ button: button });
    },
    true,
  );
})();
