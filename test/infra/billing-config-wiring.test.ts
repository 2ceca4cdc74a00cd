/**
 * A function whose code reads billing's configuration (the Pro product and price ids) must be given it
 * by the stack: the local runtime sets those variables for every function, so only the bundle can tell
 * which ones need them. The Stripe webhook once read them without `billingConfig` and would have
 * failed every subscription event when deployed.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { functions } from '../../shared/routes';

/** The variable functions/lib/billing-config.ts reads first; a bundle that names it reads the configuration. */
const BILLING_VARIABLE = 'STRIPE_PRO_PRODUCT_ID';

/**
 * Whether the bundle's code reads billing's variables. The bundle, not its inputs: a folder's index.ts
 * may reach billing-config.ts through a function the entry never calls, which esbuild shakes out.
 */
async function readsBillingConfig(entry: string): Promise<boolean> {
  const { outputFiles } = await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [entry], write: false, outdir: 'unused', logLevel: 'silent' });
  return outputFiles.some((file) => file.path.endsWith('.js') && file.text.includes(BILLING_VARIABLE));
}

describe("billing's configuration reaches the functions that read it", () => {
  it.each(Object.entries(functions))('%s', async (name, def) => {
    const flagged = 'billingConfig' in def && def.billingConfig === true;
    expect(await readsBillingConfig(def.entry), `${name} reads billing-config.ts; billingConfig in shared/routes.ts must say so`).toBe(flagged);
  }, 60_000);
});
