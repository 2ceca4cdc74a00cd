/**
 * `npm run desktop:sign-in [-- --site https://voxpen.app]`: signs in as the desktop app does
 * (infra/scripts/desktop-client.ts) and prints the signed-in user's id. It prints the address to open
 * in a browser; sign in there. Without `--site`, the local product (`npm start`); `--api` only where the
 * API is not at the site's own origin (locally it is the local gateway, as the pages find it).
 */
import { apiOrigin } from '../../shared/api-base';
import { parseFlags, runCommand } from './command';
import { desktopSignIn } from './desktop-client';

const USAGE = 'Usage: npm run desktop:sign-in -- [--site <origin>] [--api <origin>]';

async function main(): Promise<number> {
  const values = parseFlags({ site: { type: 'string' }, api: { type: 'string' } }, USAGE);
  if (!values) return 2;
  const site = values.site ?? `http://localhost:${process.env.VOXPEN_WEB_PORT ?? 5173}`;
  const api = values.api ?? apiOrigin(new URL(site), `http://localhost:${process.env.VOXPEN_API_PORT ?? 4000}`);
  const session = await desktopSignIn(site, api, (url) => console.log(`Open this address in your browser and sign in:\n\n  ${url}\n`));
  console.log(`Signed in as user ${session.userId}.`);
  return 0;
}

runCommand('desktop:sign-in', main);
