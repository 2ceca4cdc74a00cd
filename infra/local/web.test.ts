import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE } from '../../shared/site-pages';
import { holdPort } from './ports';
import type { RunningService } from './service';
import { webService } from './web';

let web: RunningService;
beforeAll(async () => {
  web = await webService({ port: await holdPort(), apiOrigin: 'http://localhost:1' }).start();
});
afterAll(() => web?.stop());

const visit = (path: string) => fetch(`${web.url}${path}`, { headers: { accept: 'text/html,application/xhtml+xml' } });

describe('the Vite dev server', () => {
  it('answers a visit to a path that is neither a page nor a client route 404, titled as the not-found page', async () => {
    for (const path of ['/no-such-page', '/pricing/nope']) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(404);
      const html = await answer.text();
      expect(html).toContain(`<title>${NOT_FOUND_TITLE}</title>`);
      expect(html).toContain('/src/main.tsx');
    }
  });

  it('serves pages, client routes and modules as before', async () => {
    for (const path of ['/', '/pricing', '/signup', '/auth/reset-password', '/dashboard']) expect((await visit(path)).status, path).toBe(200);
    expect((await fetch(`${web.url}/@vite/client`)).status).toBe(200);
  });
});
