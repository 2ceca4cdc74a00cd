import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../shared/product';
import { SETTINGS_SECTIONS, settingsPath, SITE_PAGES } from '../../../shared/site-pages';
import { useDocumentTitle } from './document-title';

function TitleKeeper() {
  useDocumentTitle();
  return null;
}

function titleAt(path: string): string {
  const router = createMemoryRouter([{ path: '*', element: <TitleKeeper /> }], { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  const title = document.title;
  view.unmount();
  return title;
}

const CLIENT_ROUTES = ['/signin', '/signup', '/auth/callback', '/launch', '/checkout/success', '/dashboard', '/account', ...SETTINGS_SECTIONS.map(settingsPath)];

describe('tab titles', () => {
  it('gives each client route a title of its own, distinct from every page and from the bare product name', () => {
    const titles = CLIENT_ROUTES.map(titleAt);
    for (const title of titles) {
      expect(title).not.toBe(PRODUCT_NAME);
      expect(title).toMatch(new RegExp(`\\| ${PRODUCT_NAME}$`));
    }
    expect(new Set([...titles, ...SITE_PAGES.map((p) => p.title)]).size).toBe(titles.length + SITE_PAGES.length);
    expect(titleAt('/signin/')).toBe(titleAt('/signin'));
  });

  it('keeps the public pages their own titles, and the product name for an unknown path', () => {
    expect(titleAt('/pricing')).toBe(SITE_PAGES.find((p) => p.path === '/pricing')!.title);
    expect(titleAt('/no-such-page')).toBe(PRODUCT_NAME);
  });
});
