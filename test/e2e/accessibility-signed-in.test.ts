/**
 * Every route in the router as a member, on a desk and on a phone: axe at WCAG 2.2 AA with
 * its best practices finds nothing (contrast included) in the light scheme, and axe's colour rules
 * nothing in the dark, on the pages only a member sees. The routes visited are test/support/accessibility.ts's
 * VISITS, which accessibility.test.ts checks against the router.
 */
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeEveryRoute, contextAt, WIDTHS } from '../support/accessibility';
import { signUpInBrowser, useJourney } from '../support/journey';

const journey = useJourney();

describe('accessibility of every route, signed in', () => {
  let member: BrowserContext;

  beforeAll(async () => {
    const page = await signUpInBrowser(journey, { name: 'Ada Axe', email: `axe-in-${Date.now()}@example.com`, password: 'correct-horse-9' });
    member = page.context();
  });

  for (const size of WIDTHS) {
    it(`has no axe finding on any route signed in at ${size.width} px, light and dark`, async () => {
      const context = await contextAt(journey.browser, size, member);
      expect(await axeEveryRoute(context, journey.stack.web, 'in')).toEqual({});
      await context.close();
    }, 600_000);
  }
});
