import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from '../config.js';
import { bearerMatches } from './metrics.js';
import { requestId } from './request-log.js';
import type { IncomingMessage } from 'node:http';

describe('METRICS and METRICS_TOKEN', () => {
  const token = 'a-long-enough-token-123';
  it.each([
    [{}, false],
    [{ METRICS: '1', HOST: '127.0.0.1' }, true],
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

  it('refuses open metrics on an address other machines reach, naming the ways out', () => {
    for (const env of [{ METRICS: '1' }, { METRICS: '1', HOST: '0.0.0.0' }, { METRICS: '1', HOST: '::' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/METRICS=1 .*HOST=.*METRICS_TOKEN.*METRICS_PUBLIC=1/);
    }
    expect(() => loadConfig({ METRICS: '1', HOST: '192.0.2.10' })).toThrow(/HOST=192\.0\.2\.10/);
    // A token, loopback or an explicit METRICS_PUBLIC=1 each make it fine.
    expect(loadConfig({ METRICS: '1', METRICS_TOKEN: token }).metricsEnabled).toBe(true);
    expect(loadConfig({ METRICS: '1', METRICS_PUBLIC: '1' }).metricsEnabled).toBe(true);
    // METRICS_PUBLIC alone does not turn the metrics on, and metrics that are off need nothing.
    expect(loadConfig({ METRICS_PUBLIC: '1' }).metricsEnabled).toBe(false);
    expect(loadConfig({ METRICS: '0', HOST: '0.0.0.0' }).metricsEnabled).toBe(false);
  });

  it.each(['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    'serves open metrics on the loopback HOST %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(loadConfig({ METRICS: '1', HOST: host }).metricsEnabled).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.com', 'localhost.example.com', '::2'])(
    'does not take %s for loopback',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
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
