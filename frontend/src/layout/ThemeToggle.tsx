import { useSyncExternalStore } from 'react';
import { layoutTexts } from '../../../shared/texts/layout';
import { chooseTheme, currentTheme, onThemeChange } from '../theme';

/**
 * The header's dark-theme switch: a toggle button, pressed while the site is dark. Prerendered
 * without a state (the server cannot know the visitor's scheme); it takes the page's as it hydrates.
 */
export function ThemeToggle() {
  const theme = useSyncExternalStore(onThemeChange, currentTheme, () => undefined);
  const dark = theme === 'dark';
  return (
    <button type="button" className="theme-toggle" aria-label={layoutTexts.darkTheme} aria-pressed={theme === undefined ? undefined : dark} onClick={() => chooseTheme(dark ? 'light' : 'dark')}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {dark ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        )}
      </svg>
    </button>
  );
}
