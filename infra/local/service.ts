/**
 * A local service the supervisor runs: started in order, ready when `start` resolves, stopped in
 * reverse order. Later services (auth core, Google and Stripe stand-ins) are more entries of this.
 */
export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

export interface LocalService {
  name: string;
  port: number;
  start(): Promise<RunningService>;
}

export class PortTakenError extends Error {
  constructor(readonly service: string, readonly port: number, envName: string) {
    super(`Port ${port} is taken, so ${service} cannot start. Stop what is using it, or set ${envName} to another port.`);
    this.name = 'PortTakenError';
  }
}
