/**
 * zod compiles object parsers with `new Function` when it may; under the site's Content-Security-Policy
 * (no 'unsafe-eval', infra/site/security-headers.ts) its probe for that is refused and reported as a
 * violation, although zod then falls back. Declaring jitless up front skips the probe. zod reads this
 * global config object when it loads, so this module is imported before anything else.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
