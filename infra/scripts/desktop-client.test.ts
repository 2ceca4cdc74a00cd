import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the reference desktop client', () => {
  it('is the code docs/desktop-api.md "Sign-in handoff" shows, line for line', () => {
    const source = readFileSync(new URL('./desktop-client.ts', import.meta.url), 'utf8');
    const doc = readFileSync(new URL('../../docs/desktop-api.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Sign-in handoff'), doc.indexOf('\n## ', doc.indexOf('## Sign-in handoff') + 1));
    const shown = /\n```ts\n([\s\S]*?)\n```\n/.exec(section)?.[1];
    expect(shown, 'a ts block in the section').toBeDefined();
    // From the first import on: the file's own header comment is for this repository, not for the copy.
    expect(shown).toBe(source.slice(source.indexOf('import ')).trimEnd());
  });
});
