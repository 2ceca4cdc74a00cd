/** The local stack for integration and browser tests: in-process, on free ports, in-memory data. */
import { freePort } from '../../infra/local/ports';
import { startLocalStack, type LocalStackOptions, type Ports, type RunningStack } from '../../infra/local/stack';

export async function freePorts(): Promise<Ports> {
  return { dynamodb: await freePort(), api: await freePort(), web: await freePort(), google: await freePort() };
}

export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<RunningStack & { api: string; web: string }> {
  const stack = await startLocalStack({ ports: await freePorts(), ...options });
  return { ...stack, api: `http://localhost:${stack.ports.api}`, web: `http://localhost:${stack.ports.web}` };
}
