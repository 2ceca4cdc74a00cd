/**
 * Stands in for `debug` (~7 KB with `ms`) in the Lambda bundles (infra/constructs/bundling.ts). Only
 * supertokens-node's logger uses it: its debug lines, written when debugging is on for its namespace
 * (DEBUG=com.supertokens, or `debug: true` in its config, which calls enable). Kept as debug writes them
 * where stderr is no terminal (Lambda): ISO time, namespace, message, one line on stderr; DEBUG read as
 * debug reads it (names separated by commas or spaces, `*` for any run of characters, `-` to exclude).
 */
const included: RegExp[] = [];
const excluded: RegExp[] = [];

function enable(patterns: string): void {
  for (const pattern of patterns.split(/[\s,]+/).filter(Boolean)) {
    const name = pattern.replace(/^-/, '');
    const matcher = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    (pattern.startsWith('-') ? excluded : included).push(matcher);
  }
}

function enabled(namespace: string): boolean {
  return !excluded.some((m) => m.test(namespace)) && included.some((m) => m.test(namespace));
}

function debug(namespace: string): (message: string) => void {
  return (message) => {
    if (enabled(namespace)) process.stderr.write(`${new Date().toISOString()} ${namespace} ${message}\n`);
  };
}

enable(process.env.DEBUG ?? '');

export default Object.assign(debug, { enable, enabled });
