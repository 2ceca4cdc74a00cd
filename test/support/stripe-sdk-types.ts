/**
 * Checks objects against the pinned `stripe` SDK's TypeScript types with the compiler itself: each
 * object is written as a literal assigned to its type, and `tsc` reports what differs. A required
 * field missing, an enum value the SDK does not list and a field the type does not have are all
 * compile errors. The SDK joins every enum with `OtherString` (any string) so that integrations
 * survive new values; here that escape is taken out, so an enum is checked against its listed values.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export interface SdkSample {
  /** Where the object came from, named in the failure ("subscriptions.retrieve"). */
  label: string;
  /** A type expression over `Stripe`, e.g. `Stripe.Subscription`. */
  type: string;
  value: unknown;
}

const PRELUDE = `import type Stripe from 'stripe';
type Equals<A, B> = (<G>() => G extends A ? 1 : 2) extends (<G>() => G extends B ? 1 : 2) ? true : false;
/** The type with each enum's OtherString taken out, down to the leaves; a value with toJSON (Decimal) as its JSON. */
type Strict<T> = T extends readonly (infer U)[]
  ? Strict<U>[]
  : T extends string
    ? Equals<T, string & Record<never, never>> extends true ? never : T
    : T extends { toJSON(): infer J } ? J
      : T extends object ? { [K in keyof T]: Strict<T[K]> } : T;
`;

/** The event's own type in the SDK's union of events, by its `type`. */
export function eventType(type: string): string {
  return `Extract<Stripe.Event, { type: ${JSON.stringify(type)} }>`;
}

/** Each sample that does not match its type, with the compiler's words; empty when all match. */
export async function mismatchesWithSdkTypes(samples: SdkSample[], dir = resolve('test-results/stripe-sdk-types')): Promise<string[]> {
  // Under the repository, so `stripe` resolves to the pinned package in node_modules.
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const lines = PRELUDE.split('\n');
  const owners: { from: number; label: string }[] = [];
  samples.forEach((sample, i) => {
    owners.push({ from: lines.length + 1, label: `${sample.label} (${sample.type})` });
    lines.push(...`export const sample${i}: Strict<${sample.type}> = ${JSON.stringify(sample.value, null, 2)};`.split('\n'));
  });
  await writeFile(join(dir, 'samples.ts'), lines.join('\n'));
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', types: [] }, files: ['samples.ts'] }),
  );
  const tsc = resolve('node_modules/.bin/tsc');
  const out = await promisify(execFile)(tsc, ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], { cwd: dir }).then(
    (r) => r.stdout,
    (error: { stdout?: string; code?: unknown }) => {
      if (!error.stdout) throw error;
      return error.stdout;
    },
  );
  const errors: string[] = [];
  for (const line of out.split('\n')) {
    const at = /^samples\.ts\((\d+),\d+\): (.*)$/.exec(line);
    if (!at) {
      if (line.trim() && errors.length) errors[errors.length - 1] += `\n${line}`;
      else if (line.trim()) errors.push(line);
      continue;
    }
    const lineNo = Number(at[1]);
    const owner = [...owners].reverse().find((o) => o.from <= lineNo);
    const field = lines[lineNo - 1]!.trim();
    errors.push(`${owner?.label ?? 'prelude'}: ${at[2]} [at ${field}]`);
  }
  return errors;
}
