/** The stand-in's sign-in page: type any email and name, as if choosing a Google account. */
import { PRODUCT_NAME } from '../../../shared/product';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function loginPage(options: { action: string; clientName: string; error?: string; email?: string; name?: string }): string {
  const { action, clientName, error, email = '', name = '' } = options;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Google (local)</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f0f4f9; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1f1f1f; }
  main { background: #fff; border-radius: 28px; padding: 36px 40px; width: min(440px, 92vw); box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .g { font-weight: 700; font-size: 1.4rem; letter-spacing: -0.02em; }
  .g span:nth-child(1) { color: #4285f4; } .g span:nth-child(2) { color: #ea4335; } .g span:nth-child(3) { color: #fbbc05; }
  .g span:nth-child(4) { color: #4285f4; } .g span:nth-child(5) { color: #34a853; } .g span:nth-child(6) { color: #ea4335; }
  h1 { font-size: 1.6rem; font-weight: 400; margin: 16px 0 4px; }
  p { margin: 0 0 20px; color: #444; }
  label { display: block; font-size: .9rem; margin: 14px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 12px 14px; border: 1px solid #747775; border-radius: 6px; font: inherit; }
  input:focus { outline: 2px solid #0b57d0; border-color: #0b57d0; }
  .actions { display: flex; justify-content: space-between; margin-top: 28px; }
  button { font: inherit; font-weight: 600; border-radius: 20px; padding: 10px 22px; cursor: pointer; border: 0; }
  .primary { background: #0b57d0; color: #fff; } .secondary { background: transparent; color: #0b57d0; }
  .error { color: #b3261e; margin-top: 12px; }
  .note { font-size: .8rem; color: #666; margin-top: 24px; }
</style>
</head>
<body>
<main>
  <div class="g" aria-hidden="true"><span>G</span><span>o</span><span>o</span><span>g</span><span>l</span><span>e</span></div>
  <h1>Sign in</h1>
  <p>to continue to ${escapeHtml(clientName)}</p>
  <form method="post" action="${escapeHtml(action)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(email)}">
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(name)}">
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <div class="actions">
      <button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
      <button class="primary" type="submit" name="action" value="login">Continue</button>
    </div>
  </form>
  <p class="note">Local stand-in for Google sign-in (${escapeHtml(PRODUCT_NAME)} development). Any email works; nothing leaves this machine.</p>
</main>
</body>
</html>`;
}
