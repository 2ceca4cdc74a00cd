import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logger } from './logger';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true));
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

describe('the JSON logger', () => {
  it('writes one JSON line per call with its level, service and extras: info on stdout, warnings and errors on stderr', () => {
    const { out, err } = capture();
    const logger = new Logger('voxpen', { LOG_LEVEL: 'INFO' });
    logger.info('account created', { method: 'email' });
    logger.warn('dependency unavailable', { dependency: 'auth' });
    logger.debug('not shown at INFO');
    expect(out).toHaveLength(1);
    expect(out[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(out[0]!)).toEqual({ level: 'INFO', message: 'account created', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), service: 'voxpen', method: 'email' });
    expect(JSON.parse(err[0]!)).toMatchObject({ level: 'WARN', message: 'dependency unavailable', dependency: 'auth' });
  });

  it('writes nothing below LOG_LEVEL (SILENT: nothing at all), and an Error among the extras as its name and message, not {}', () => {
    const { out, err } = capture();
    new Logger('voxpen', { LOG_LEVEL: 'SILENT' }).error('hidden');
    expect([...out, ...err]).toEqual([]);
    new Logger('voxpen', { LOG_LEVEL: 'warn' }).error('a failed password check was not recorded', { error: new TypeError('boom') });
    expect(JSON.parse(err[0]!).error).toMatchObject({ name: 'TypeError', message: 'boom' });
  });

  it('puts the X-Ray trace id on each line when Lambda gives one', () => {
    const { out } = capture();
    new Logger('voxpen', { _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' }).info('traced');
    expect(JSON.parse(out[0]!)).toMatchObject({ xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793' });
  });
});
