import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { acceptsUpdate } from './desktop-update';

describe("the reference client's update check", () => {
  it('takes any version other than the running one: a newer one, and an older one after a rollback', () => {
    expect(acceptsUpdate('1.5.0', { version: '1.5.1' })).toBe(true);
    expect(acceptsUpdate('1.5.0', { version: '1.4.2' })).toBe(true);
    expect(acceptsUpdate('1.5.0', { version: '1.5.0' })).toBe(false);
  });

  it('shows the Rust update check docs/desktop-api.md "Updates" gives the app, line for line', () => {
    const source = readFileSync(new URL('./desktop-update.ts', import.meta.url), 'utf8');
    const doc = readFileSync(new URL('../../docs/desktop-api.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Updates'));
    const rust = /\n```rust\n([\s\S]*?)\n```\n/.exec(section)?.[1];
    expect(rust, 'a rust block in the section').toBeDefined();
    expect(rust).toContain('.version_comparator(|current, update| update.version != current)');
    const comment = source.split('\n').map((line) => line.replace(/^ \*   ?/, ''));
    const at = comment.indexOf(rust!.split('\n')[0]!);
    expect(comment.slice(at, at + rust!.split('\n').length).map((l) => l.replace(/^ {2}/, '')).join('\n')).toBe(rust!.split('\n').map((l) => l.replace(/^ {2}/, '')).join('\n'));
  });
});
