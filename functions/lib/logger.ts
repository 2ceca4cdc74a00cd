import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs with the request id. Callers log ids and outcomes, never personal data or
 * secrets: a log line must be safe to paste into an issue.
 */
export const logger = new Logger({
  serviceName: 'voxpen',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
