/**
 * Every route in the router as a visitor, on a desk and on a phone: axe at WCAG 2.2 AA with
 * its best practices finds nothing (contrast included) in the light scheme, and axe's colour rules
 * nothing in the dark. The routes visited are test/support/accessibility.ts's
 * VISITS, which accessibility.test.ts checks against the router.
 */
import { describe, expect, it } from 'vitest';
import { axeEveryRoute, contextAt, WIDTHS } from '../support/accessibility';
import { useJourney } from '../support/journey';

const journey = useJourney();

describe('accessibility of every route, signed out', () => {
  for (const size of WIDTHS) {
    it(`has no axe finding on any route signed out at ${size.width} px, light and dark`, async () => {
      const context = await contextAt(journey.browser, size);
      expect(await axeEveryRoute(context, journey.stack.web, 'out')).toEqual({});
      await context.close();
    }, 600_000);
  }
});
