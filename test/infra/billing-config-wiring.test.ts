/**
 * A function whose code reads billing's configuration (the Pro product and price ids) must be given it
 * by the stack: the local runtime sets those variables for every function, so only the bundle can tell
 * which ones need them. The Stripe webhook once read them without `billingConfig` and would have
 * failed every subscription event when deployed.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { functions } from '../../shared/routes';

const BILLING_CONFIG = resolve('functions/lib/billing-config.ts');

async function readsBillingConfig(entry: string): Promise<boolean> {
  const { metafile } = await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [entry], write: false, metafile: true, outdir: 'unused', logLevel: 'silent' });
  return Object.keys(metafile.inputs).some((input) => resolve(input) === BILLING_CONFIG);
}

describe("billing's configuration reaches the functions that read it", () => {
  it.each(Object.entries(functions))('%s', async (name, def) => {
    const flagged = 'billingConfig' in def && def.billingConfig === true;
    expect(await readsBillingConfig(def.entry), `${name} reads billing-config.ts; billingConfig in shared/routes.ts must say so`).toBe(flagged);
  }, 60_000);
});
