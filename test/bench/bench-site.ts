/**
 * The site as the benchmarks load it: the local stack with seed data (so /download shows a version and
 * the dashboard has a real account to read), the production build with that stack's API origin baked
 * in, served as the CDN serves it on the stack's web port (the one origin the API's CORS allows).
 */
import { holdPort } from '../../infra/local/ports';
import type { RunningService } from '../../infra/local/service';
import { staticSiteService } from '../../infra/local/static-site';
import { buildSite, serveSite } from '../support/built-site';
import { buildFloorPages, FLOOR_PATHS } from './floor-pages';
import { startTestStack, type TestStack } from '../support/local-stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface BenchSite {
  stack: TestStack;
  web: RunningService;
  /** The built site's files, as served. */
  dir: string;
  url(path: string): string;
  stop(): Promise<void>;
}

export async function startBenchSite(): Promise<BenchSite> {
  const stack = await startTestStack({ seed: true });
  let site: Awaited<ReturnType<typeof buildSite>> | undefined;
  try {
    site = await buildSite({ apiOrigin: stack.api });
    const web = await serveSite(site.dir, stack.ports.web);
    const built = site;
    return {
      stack,
      web,
      dir: built.dir,
      url: (path) => `${web.url}${path}`,
      async stop() {
        await web.stop();
        built.remove();
        await stack.stop();
      },
    };
  } catch (error) {
    site?.remove();
    await stack.stop();
    throw error;
  }
}

/**
 * The bench site and the floor pages (floor-pages.ts), each served; how to undo each is added to
 * `started` as it starts, for the caller to run in reverse however far this got.
 */
export async function startSiteAndFloors(started: (() => unknown)[]): Promise<{ site: BenchSite; floorsDir: string; floorUrl: (path: string) => string }> {
  const site = await startBenchSite();
  started.push(() => site.stop());
  const floors = await buildFloorPages();
  started.push(() => floors.remove());
  const floorServer = await staticSiteService({ dir: floors.dir, port: await holdPort(), prerendered: Object.values(FLOOR_PATHS) }).start();
  started.push(() => floorServer.stop());
  return { site, floorsDir: floors.dir, floorUrl: (path) => `${floorServer.url}${path}` };
}
