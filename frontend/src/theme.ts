/**
 * The site's colour scheme: the OS's (`prefers-color-scheme`) until the visitor picks one with the
 * header's toggle; the pick is kept in this browser (localStorage) and put on `<html data-theme>`,
 * which the stylesheet's `color-scheme` follows. public/theme.js applies a kept pick before the
 * first paint; this module reads and changes it afterwards.
 */
export type Theme = 'light' | 'dark';

/** The localStorage key; public/theme.js reads the same one. */
export const THEME_KEY = 'voxpen-theme';

const PREFERS_DARK = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

const osQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PREFERS_DARK) : undefined);

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The scheme the page shows now: the kept pick, else the OS's. */
export function currentTheme(): Theme {
  const picked = document.documentElement.dataset.theme;
  if (isTheme(picked)) return picked;
  return osQuery()?.matches ? 'dark' : 'light';
}

/** Shows `theme` and keeps it for this browser's next visits, over the OS's preference. */
export function chooseTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage refused: the pick holds for this page only.
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` when the shown scheme may have changed: a pick here or in another tab, or the OS's switch. */
export function onThemeChange(listener: () => void): () => void {
  const query = osQuery();
  // Another tab picked: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY || !isTheme(event.newValue)) return;
    document.documentElement.dataset.theme = event.newValue;
    listener();
  };
  listeners.add(listener);
  query?.addEventListener('change', listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}
