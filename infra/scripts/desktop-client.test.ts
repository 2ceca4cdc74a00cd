import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the reference desktop client', () => {
  it('is the code README "Desktop app API" shows, line for line', () => {
    const source = readFileSync(new URL('./desktop-client.ts', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Desktop app API'), readme.indexOf('\n## ', readme.indexOf('## Desktop app API') + 1));
    const block = /\n {2}```ts\n([\s\S]*?)\n {2}```\n/.exec(section)?.[1];
    expect(block, 'a ts block in the section').toBeDefined();
    const shown = block!.split('\n').map((line) => line.replace(/^ {2}/, '')).join('\n');
    // From the first import on: the file's own header comment is for this repository, not for the copy.
    expect(shown).toBe(source.slice(source.indexOf('import ')).trimEnd());
  });
});
