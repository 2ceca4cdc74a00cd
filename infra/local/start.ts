/** `npm start`: the supervisor. One line per service as it becomes ready; Ctrl-C stops them all. */
import { PortTakenError } from './service';
import { portsFromEnv, startLocalStack } from './stack';

// Locally we run Node 20 knowingly (Lambda runs 22); the AWS SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main() {
  const stack = await startLocalStack(
    { ports: portsFromEnv(), dataDir: process.env.VOXPEN_DATA_DIR ?? '.data', web: true, seed: true },
    (name, url) => console.log(`  ready  ${name.padEnd(24)} ${url}`),
  );
  console.log(`\nVoxpen is running: open ${stack.urls['Web (Vite)']} (Ctrl-C stops everything)`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
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
