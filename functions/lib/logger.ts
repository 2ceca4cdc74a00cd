/**
 * Structured JSON logs with the request id. Callers log ids and outcomes, never personal data or
 * secrets: a log line must be safe to paste into an issue.
 *
 * One JSON object per line, with the fields Powertools' logger wrote (level, message, timestamp, service,
 * cold_start, function_arn, function_memory_size, function_name, function_request_id, xray_trace_id),
 * so CloudWatch Logs Insights queries and the stack's metric filters (`$.message`, infra/constructs/
 * monitoring.ts) read them as before; written here in a few lines because Powertools' logger was ~21 KB
 * of every Lambda's bundle, all of it run at each cold start (docs/testing.md#lambda-budgets).
 */
import type { Context } from 'aws-lambda';

const LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 } as const;
type Level = keyof typeof LEVELS;

/** The threshold: LOG_LEVEL (the stack sets INFO; tests and benches SILENT), INFO when unset or unknown. */
function threshold(env: NodeJS.ProcessEnv): number {
  const name = env.LOG_LEVEL?.toUpperCase();
  return name && name in LEVELS ? LEVELS[name as Level] : LEVELS.INFO;
}

/** An Error in a log line's extras is written as its name, message and stack (JSON.stringify would write `{}`). */
function errorsReadable(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

export class Logger {
  #context: Record<string, unknown> = {};
  #invocations = 0;

  constructor(
    private readonly service: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /**
   * The Lambda context of the invocation now running, on every line until the next: the first
   * invocation of a process is its cold start (unless the function was initialised ahead of
   * traffic, provisioned concurrency).
   */
  addContext(context: Context): void {
    this.#invocations += 1;
    this.#context = {
      cold_start: this.#invocations === 1 && this.env.AWS_LAMBDA_INITIALIZATION_TYPE !== 'provisioned-concurrency',
      function_arn: context.invokedFunctionArn,
      function_memory_size: context.memoryLimitInMB,
      function_name: context.functionName,
      function_request_id: context.awsRequestId,
    };
  }

  debug(message: string, extra: Record<string, unknown> = {}): void {
    this.#write('DEBUG', message, extra);
  }

  info(message: string, extra: Record<string, unknown> = {}): void {
    this.#write('INFO', message, extra);
  }

  warn(message: string, extra: Record<string, unknown> = {}): void {
    this.#write('WARN', message, extra);
  }

  error(message: string, extra: Record<string, unknown> = {}): void {
    this.#write('ERROR', message, extra);
  }

  #write(level: Level, message: string, extra: Record<string, unknown>): void {
    if (LEVELS[level] < threshold(this.env)) return;
    const trace = this.env._X_AMZN_TRACE_ID?.match(/Root=([^;]+)/)?.[1];
    const line = JSON.stringify({ level, message, timestamp: new Date().toISOString(), service: this.service, ...this.#context, ...(trace ? { xray_trace_id: trace } : {}), ...extra }, errorsReadable);
    // As Lambda's console does: warnings and errors on stderr, the rest on stdout; each line whole.
    (LEVELS[level] >= LEVELS.WARN ? process.stderr : process.stdout).write(`${line}\n`);
  }
}

export const logger = new Logger('voxpen');

/** A middy middleware putting each invocation's Lambda context on the logger's lines (./http.ts, functions/auth/handler.ts). */
export function injectLambdaContext(target: Logger): { before: (request: { context: Context }) => void } {
  return { before: (request) => target.addContext(request.context) };
}
