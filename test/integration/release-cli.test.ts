import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../support/local-stack';

const run = promisify(execFile);
let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

async function release(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['node_modules/.bin/tsx', 'infra/scripts/release.ts', ...args], {
      env: { ...process.env, DYNAMODB_ENDPOINT: stack.env.DYNAMODB_ENDPOINT },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const latest = () => fetch(`${stack.api}/api/latest-version`);

describe('npm run release', () => {
  it.each([
    [['--version', '1.4', '--url', 'https://cdn.example.com/a.exe'], 'is not a semantic version'],
    [['--version', '1.4.2', '--url', 'ftp://cdn.example.com/a.exe'], 'must use https'],
    [['--version', '1.4.2', '--url', 'http://cdn.example.com/a.exe'], 'must use https'],
    [['--version', '1.4.2', '--url', 'not a url'], 'is not a URL'],
    [['--version', '1.4.2', '--url', 'https://cdn.example.com/a.exe', '--date', 'soon'], 'is not a date'],
    [['--url', 'https://cdn.example.com/a.exe'], '--version and --url are required'],
    [['--version', '1.4.2', '--url', 'https://x.example/a.exe', '--bogus'], "Unknown option '--bogus'"],
  ])('rejects %j with a clear message and writes nothing', async (args, message) => {
    const result = await release(...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
    expect((await latest()).status).toBe(404);
  });

  it('publishes a valid release, which the API then answers', async () => {
    const result = await release('--version', '2.1.0', '--url', 'https://cdn.example.com/Voxpen_2.1.0_x64-setup.exe', '--date', '2026-11-20', '--notes', 'Better punctuation');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Published windows-x64 2.1.0');
    expect(await (await latest()).json()).toEqual({
      version: '2.1.0',
      pub_date: '2026-11-20T00:00:00.000Z',
      download_url: 'https://cdn.example.com/Voxpen_2.1.0_x64-setup.exe',
      notes: 'Better punctuation',
    });
  });

  it('refuses to overwrite a published version unless told to', async () => {
    const again = await release('--version', '2.1.0', '--url', 'https://cdn.example.com/other.exe');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already published');
    expect((await (await latest()).json()).download_url).toBe('https://cdn.example.com/Voxpen_2.1.0_x64-setup.exe');

    const replaced = await release('--version', '2.1.0', '--url', 'https://cdn.example.com/fixed.exe', '--replace');
    expect(replaced.code).toBe(0);
    expect((await (await latest()).json()).download_url).toBe('https://cdn.example.com/fixed.exe');
  });
});
