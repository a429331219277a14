import { describe, expect, it } from 'vitest';
import { parseMultiHostUrl } from './multi-host.js';

describe('multi-host DATABASE_URL', () => {
  it('leaves a one-host URL to node-postgres', () => {
    expect(parseMultiHostUrl('postgres://u:p@db:5432/perch')).toBeUndefined();
    expect(parseMultiHostUrl('postgresql://db/perch?sslmode=require')).toBeUndefined();
  });

  it('reads several hosts with their ports, keeping credentials, database and other parameters', () => {
    const m = parseMultiHostUrl(
      'postgres://perch:s%40cret@h1:6001,h2,[::1]:6003/perch?target_session_attrs=read-write&sslmode=disable',
    )!;
    expect(m.servers).toEqual([
      { host: 'h1', port: 6001 },
      { host: 'h2', port: 5432 },
      { host: '::1', port: 6003 },
    ]);
    expect(m.targetSessionAttrs).toBe('read-write');
    expect(m.singleHostUrl).toBe('postgres://perch:s%40cret@h1:6001/perch?sslmode=disable');
    expect(m.urlFor(m.servers[2]!)).toBe('postgres://perch:s%40cret@[::1]:6003/perch?sslmode=disable');
  });

  it('defaults to read-write with several hosts, and takes target_session_attrs on one host too', () => {
    expect(parseMultiHostUrl('postgres://h1:1,h2:2/db')!.targetSessionAttrs).toBe('read-write');
    expect(parseMultiHostUrl('postgres://h1:1,h2:2/db?target_session_attrs=any')!.targetSessionAttrs).toBe('any');
    expect(parseMultiHostUrl('postgres://h1/db?target_session_attrs=read-write')!.servers).toEqual([
      { host: 'h1', port: 5432 },
    ]);
  });

  it('refuses what it cannot honour', () => {
    expect(() => parseMultiHostUrl('postgres://h1,h2/db?target_session_attrs=standby')).toThrow(/not supported/);
    expect(() => parseMultiHostUrl('postgres://h1,,h2/db')).toThrow(/host is missing/);
  });
});
