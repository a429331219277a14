import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { bearerMatches } from './metrics.js';
import { requestId } from './request-log.js';
import type { IncomingMessage } from 'node:http';

describe('METRICS and METRICS_TOKEN', () => {
  const token = 'a-long-enough-token-123';
  it.each([
    [{}, false],
    [{ METRICS: '1' }, true],
    [{ METRICS: '0' }, false],
    [{ METRICS_TOKEN: token }, true],
    [{ METRICS: '1', METRICS_TOKEN: token }, true],
    [{ METRICS: '0', METRICS_TOKEN: token }, false],
  ])('%o turns metrics on: %s', (env, on) => {
    expect(loadConfig(env).metricsEnabled).toBe(on);
  });

  it('refuses a short token or one with spaces, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the token' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS: 'maybe' })).toThrow(/METRICS/);
  });
});

describe('the metrics bearer check', () => {
  const token = 'Tok3n-for-metrics-only';
  it('accepts exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer  ${token} `, token)).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      token,
      `Basic ${token}`,
      `Bearer ${token}!`,
      `Bearer x ${token}`,
    ])
      expect(bearerMatches(header, token), String(header)).toBe(false);
  });
});

describe('request ids', () => {
  const req = (id?: string | string[]) =>
    ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
  it('keep a sane X-Request-Id and make a UUID otherwise', () => {
    expect(requestId(req('abc-DEF_1.2'))).toBe('abc-DEF_1.2');
    expect(requestId(req('x'.repeat(64)))).toBe('x'.repeat(64));
    for (const bad of [undefined, '', 'x'.repeat(65), 'a b', 'a/b', 'ä', ['a', 'b']])
      expect(requestId(req(bad)), String(bad)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
  });
});
