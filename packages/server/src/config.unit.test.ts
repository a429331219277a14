import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.RATE_LIMIT).toBe(250);
    expect(c.rateLimitPeriodSeconds).toBe(60);
    expect(c.SAMPLE_DATA).toBe(true);
    expect([c.INIT_ADMIN_FIRSTNAME, c.INIT_ADMIN_LASTNAME]).toEqual(['Administrator', '']);
    // 20 failures at one second factor of an account in an hour lock it for an hour.
    expect([c.SECOND_FACTOR_MAX_FAILS, c.SECOND_FACTOR_WINDOW_MINUTES, c.SECOND_FACTOR_LOCK_MINUTES]).toEqual([
      20, 60, 60,
    ]);
  });

  it('reads values and aliases', () => {
    const c = loadConfig({
      PORT: '9000',
      POSTGRES_URL: 'postgres://u@h/db',
      RATE_LIMIT_PERIOD: '2-H',
      CORS_ORIGINS: 'a.example, b.example',
      SAMPLE_DATA: '0',
    });
    expect(c.PORT).toBe(9000);
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.rateLimitPeriodSeconds).toBe(7200);
    expect(c.corsOrigins).toEqual(['a.example', 'b.example']);
    expect(c.SAMPLE_DATA).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['RATE_LIMIT_PERIOD', '5 minutes'],
    ['CRYPT_KEY', 'too-short'],
    ['INIT_ADMIN_EMAIL', 'not-an-email'],
    ['INIT_ADMIN_FIRSTNAME', 'A'],
    ['INIT_ADMIN_LASTNAME', 'admin@example.com'],
    ['INIT_ORG_LANGUAGE', 'xx'],
    ['LOGIN_PROTECTION_MAX_FAILS', '0'],
    ['SECOND_FACTOR_MAX_FAILS', '0'],
    ['SECOND_FACTOR_WINDOW_MINUTES', '1441'],
    ['SECOND_FACTOR_LOCK_MINUTES', 'an hour'],
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('TRUST_PROXY names the proxies: off, a hop count or addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback, ::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    // "Trust whatever the client writes" is refused with a message saying what to write.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/proxy\.example/);
  });

  it('DNS_SERVER names the resolvers: unset for the system one, else ip, ip:port or [ipv6]:port', () => {
    expect(loadConfig({}).DNS_SERVER).toBeUndefined();
    expect(loadConfig({ DNS_SERVER: '' }).DNS_SERVER).toBeUndefined();
    expect(loadConfig({ DNS_SERVER: '10.0.0.53' }).DNS_SERVER).toEqual(['10.0.0.53']);
    expect(loadConfig({ DNS_SERVER: '127.0.0.1:5353, [2001:db8::53]:53,2001:db8::1, [::1]' }).DNS_SERVER).toEqual([
      '127.0.0.1:5353',
      '[2001:db8::53]:53',
      '2001:db8::1',
      '[::1]',
    ]);
  });

  it.each([
    'dns.example',
    '10.0.0.256',
    '10.0.0.1:',
    '10.0.0.1:0',
    '10.0.0.1:70000',
    '10.0.0.1:53:53',
    '[10.0.0.1]:53',
    '[2001:db8::1',
    '[2001:db8::1]:x',
    '8.8.8.8, nope',
  ])('DNS_SERVER %s stops start-up with a message naming it', (value) => {
    expect(() => loadConfig({ DNS_SERVER: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DNS_SERVER: value })).toThrow(/DNS_SERVER: not a DNS server address/);
  });
});
