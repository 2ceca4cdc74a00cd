/**
 * One cold load of a page in Chromium, measured: every request (with its initiator, for request
 * rounds), bytes on the wire, paint timings (FCP, LCP), long tasks (for total blocking time), layout
 * shifts, and when the address changed (a client-side redirect). Optionally on an emulated slow phone
 * (DevTools network and CPU throttling). Shared by the web benchmark and the browser tests.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { Initiator, ScriptRequest } from './js-rounds';

export interface Throttle {
  name: string;
  viewport: { width: number; height: number };
  /** DevTools network emulation: latency in ms, throughput in bytes per second. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown?: number;
}

export const UNTHROTTLED: Throttle = { name: 'unthrottled', viewport: { width: 1280, height: 800 } };
// Lighthouse's mobile profile: a Moto G Power's screen, slow 4G (150 ms, 1.6 Mbit/s) and 4x CPU.
export const SLOW_PHONE: Throttle = {
  name: 'slow phone (150 ms RTT, 1.6 Mbit/s, 4x CPU)',
  viewport: { width: 412, height: 823 },
  network: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 },
  cpuSlowdown: 4,
};

export interface RequestRecord extends ScriptRequest {
  type: string;
  /** Headers and body as Chromium's network stack counted them (gzip body when served gzip). */
  transferBytes: number;
  /** The body as received, before decoding: gzip bytes for the site's JavaScript. */
  bodyBytes: number;
  /** Set on a hop answered with a redirect (its status); the request goes on as the next record. */
  redirectStatus?: number;
}

export interface PageLoad {
  requests: RequestRecord[];
  fcpMs: number;
  lcpMs: number;
  /** Long tasks after FCP until the page settled, each counted past its first 50 ms (as Lighthouse's TBT). */
  tbtMs: number;
  cls: number;
  /** Each shift counted in cls: its value, and what moved from where to where (to name a cause). */
  shifts: string[];
  /** When the address first changed to another path (a client-side redirect), ms after navigation start. */
  leftAtMs?: number;
  finalPath: string;
}

// Read in the page: paint, LCP, long task and layout-shift entries, buffered so nothing before the
// observer is lost, and the moment history moved to another path. A string, not a function: tsx's
// keepNames wraps inner functions in a `__name` helper that does not exist in the page.
// Entries reach an observer in a task after they happen: __loadFlush takes the ones still queued, so
// a read misses none (a shift of the last frame before it included).
const OBSERVE = `(() => {
  const load = (window.__load = { tasks: [], cls: 0, shifts: [] });
  const observers = [];
  window.__loadFlush = () => observers.forEach(([observer, each]) => observer.takeRecords().forEach(each));
  const observe = (type, each) => {
    try {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(each));
      observer.observe({ type, buffered: true });
      observers.push([observer, each]);
    } catch {
      // An entry type this browser does not know stays unmeasured.
    }
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') load.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { load.lcp = e.startTime; });
  observe('longtask', (e) => { load.tasks.push([e.startTime, e.duration]); });
  const rect = (r) => r.x + ',' + r.y + ' ' + r.width + 'x' + r.height;
  const describe = (node) => !node ? '(gone)' : node.nodeType !== 1 ? '#text "' + (node.textContent || '').slice(0, 30) + '"' : node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).join('.') : '');
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    load.cls += e.value;
    const moved = (e.sources || []).map((s) => describe(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect));
    load.shifts.push(e.value.toFixed(4) + ' at ' + Math.round(e.startTime) + ' ms: ' + moved.join('; '));
  });
  const start = location.pathname;
  for (const method of ['pushState', 'replaceState']) {
    const original = history[method].bind(history);
    history[method] = (...args) => {
      original(...args);
      if (load.leftAt === undefined && location.pathname !== start) load.leftAt = performance.now();
    };
  }
})();`;

export interface LoadOptions {
  throttle?: Throttle;
  context?: BrowserContextOptions;
  /** What "loaded" means for this page, after which nothing more is awaited but network quiet. */
  ready?: (page: Page) => Promise<unknown>;
}

export async function measureLoad(browser: Browser, url: string, options: LoadOptions = {}): Promise<PageLoad> {
  const throttle = options.throttle ?? UNTHROTTLED;
  const context = await browser.newContext({ viewport: throttle.viewport, ...options.context });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttle.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttle.network });
    if (throttle.cpuSlowdown) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });

    // Every hop in the order sent; by id, the hop still under way.
    const records: (RequestRecord & { headerBytes: number })[] = [];
    const byId = new Map<string, RequestRecord & { headerBytes: number }>();
    type Sent = { requestId: string; request: { url: string }; type?: string; initiator: Initiator; timestamp: number; redirectResponse?: { status: number; encodedDataLength: number } };
    cdp.on('Network.requestWillBeSent', (e: Sent) => {
      // A redirect reuses the id: the hop it answered is done (its bytes are the redirect's), a new hop starts.
      const answered = byId.get(e.requestId);
      if (answered && e.redirectResponse) Object.assign(answered, { redirectStatus: e.redirectResponse.status, finishedAt: e.timestamp, transferBytes: e.redirectResponse.encodedDataLength });
      const record = { url: e.request.url, initiator: e.initiator, type: e.type ?? 'Other', sentAt: e.timestamp, finishedAt: Infinity, transferBytes: 0, bodyBytes: 0, headerBytes: 0 };
      records.push(record);
      byId.set(e.requestId, record);
    });
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { encodedDataLength: number } }) => {
      const request = byId.get(e.requestId);
      if (!request) return;
      request.type = e.type;
      request.headerBytes = e.response.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      const request = byId.get(e.requestId);
      if (!request) return;
      request.finishedAt = e.timestamp;
      request.transferBytes = e.encodedDataLength;
      request.bodyBytes = Math.max(0, e.encodedDataLength - request.headerBytes);
    });

    await page.goto(url, { waitUntil: 'load' });
    if (options.ready) await options.ready(page);
    await page.waitForLoadState('networkidle');
    // Paint entries are queued once the frame is presented, which can trail network quiet on a
    // throttled CPU: wait for them rather than read a value that is not there yet (that read was NaN).
    await page
      .waitForFunction(() => {
        const load = (window as unknown as { __load: { fcp?: number; lcp?: number } }).__load;
        return load.fcp !== undefined && load.lcp !== undefined;
      }, undefined, { timeout: 30_000 })
      .catch(async (error: unknown) => {
        const seen = await page.evaluate(() => JSON.stringify({ path: location.pathname, load: (window as unknown as { __load: unknown }).__load, text: document.body.innerText.slice(0, 200) }));
        throw new Error(`${url} never painted (${throttle.name}): ${seen}`, { cause: error });
      });
    // The state measured is the loaded page's: its fonts in (a late font would move text after the
    // read, or not, by timing), two frames laid out since, and every entry queued until now counted.
    const seen = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const w = window as unknown as { __loadFlush: () => void; __load: { fcp: number; lcp: number; tasks: [number, number][]; cls: number; shifts: string[]; leftAt?: number } };
      w.__loadFlush();
      return { ...w.__load, path: location.pathname };
    });
    const tbtMs = seen.tasks.reduce((sum, [start, duration]) => {
      const afterFcp = start + duration - Math.max(start, seen.fcp);
      return sum + Math.max(0, afterFcp - 50);
    }, 0);
    return {
      requests: records.map(({ headerBytes: _, ...r }) => r),
      fcpMs: seen.fcp,
      lcpMs: seen.lcp,
      tbtMs,
      cls: seen.cls,
      shifts: seen.shifts,
      leftAtMs: seen.leftAt,
      finalPath: seen.path,
    };
  } finally {
    await context.close();
  }
}

export const isScript = (r: RequestRecord) => r.type === 'Script' || /\.m?js(\?|$)/.test(new URL(r.url).pathname);
