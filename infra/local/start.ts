/** `npm start`: the supervisor. One line per service as it becomes ready; Ctrl-C stops them all. */
import { PortTakenError } from './service';
import { portsFromEnv, startLocalStack } from './stack';

// Locally we run Node 20 knowingly (Lambda runs 22); the AWS SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The deployed sweep runs every 5 minutes; locally every minute, so a stopped deletion is seen finishing. */
const SWEEP_EVERY_MS = 60_000;

async function main() {
  const stack = await startLocalStack(
    { ports: portsFromEnv(), dataDir: process.env.VOXPEN_DATA_DIR ?? '.data', web: true, seed: true },
    (name, url) => console.log(`  ready  ${name.padEnd(24)} ${url}`),
  );
  console.log(`\nVoxpen is running: open ${stack.urls['Web (Vite)']} (Ctrl-C stops everything)`);

  // What the deployed EventBridge schedule does: finish account deletions that stopped part way.
  const sweeper = setInterval(() => {
    import('../../functions/account/sweeper-handler')
      .then(({ handler }) => handler())
      .then((swept) => swept.finished + swept.failed > 0 && console.log(`  swept  account deletions: ${swept.finished} finished, ${swept.failed} still failing`))
      .catch((error: unknown) => console.error('deletion sweep failed', error));
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    clearInterval(sweeper);
    await stack.stop();
    console.log('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof PortTakenError ? `\n${error.message}` : error);
  process.exit(1);
});
