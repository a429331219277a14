import { describe, expect, it } from 'vitest';
import {
  generateSecret,
  initialWikiValues,
  normalOrigins,
  originsProblem,
  secretBytes,
  secretProblem,
  wikiChanges,
  wikiSignInAddress,
  wikiStored,
} from './wiki-settings';

const stored = wikiStored([
  { name: 'confluence_server_shared_secret', value: '1' },
  { name: 'confluence_frame_origins', value: 'https://wiki.example.com https://docs.example.com:8443' },
  { name: 'confluence_anonymous', value: '0' },
  { name: 'confluence_map_foreign_domains', value: '1' },
]);

describe('team wiki settings', () => {
  it('reads what is stored: a secret only as set or not, the origins one per line', () => {
    expect(stored).toEqual({
      secretSet: true,
      origins: 'https://wiki.example.com\nhttps://docs.example.com:8443',
      anonymous: false,
      mapForeignDomains: true,
    });
    expect(wikiStored([])).toEqual({ secretSet: false, origins: '', anonymous: false, mapForeignDomains: false });
  });

  it('sends only what changed, origins in their normal form', () => {
    const values = initialWikiValues(stored);
    expect(wikiChanges(values, stored)).toEqual([]);
    // Written differently, the same origins are no change.
    expect(
      wikiChanges({ ...values, origins: 'https://wiki.example.com/\n\nhttps://docs.example.com:8443' }, stored),
    ).toEqual([]);
    expect(
      wikiChanges(
        {
          secret: 'a-new-secret-of-some-length',
          origins: 'https://wiki.example.com',
          anonymous: true,
          mapForeignDomains: false,
        },
        stored,
      ),
    ).toEqual([
      { name: 'confluence_server_shared_secret', value: 'a-new-secret-of-some-length' },
      { name: 'confluence_frame_origins', value: 'https://wiki.example.com' },
      { name: 'confluence_anonymous', value: '1' },
      { name: 'confluence_map_foreign_domains', value: '0' },
    ]);
    expect(wikiChanges({ ...values, origins: '' }, stored)).toEqual([{ name: 'confluence_frame_origins', value: '' }]);
  });

  it('names the first entry that is no origin', () => {
    expect(originsProblem('https://wiki.example.com\nhttp://localhost:8090')).toBeNull();
    expect(originsProblem('')).toBeNull();
    expect(originsProblem('https://wiki.example.com\nhttps://wiki.example.com/display/DESK')).toEqual({
      key: 'wikiOriginsInvalid',
      values: { entry: 'https://wiki.example.com/display/DESK' },
    });
    expect(originsProblem('https://*.example.com')?.key).toBe('wikiOriginsInvalid');
    expect(originsProblem('ftp://wiki.example.com')?.key).toBe('wikiOriginsInvalid');
    expect(originsProblem('wiki.example.com')?.key).toBe('wikiOriginsInvalid');
    expect(originsProblem('https://wiki.example.com?space=DESK')?.key).toBe('wikiOriginsInvalid');
    expect(originsProblem('https://user:pw@wiki.example.com')?.key).toBe('wikiOriginsInvalid');
  });

  it('writes origins the way the server keeps them: lower case, no default port, once each', () => {
    expect(normalOrigins('https://Wiki.Example.com:443/\nhttp://LOCALHOST:8090,https://wiki.example.com')).toBe(
      'https://wiki.example.com http://localhost:8090',
    );
    expect(normalOrigins('https://wiki.example.com/path')).toBeNull();
  });

  it('wants a secret of at least 32 bytes, or none (keep the stored one)', () => {
    expect(secretProblem('')).toBeNull();
    expect(secretProblem('short')).toEqual({ key: 'wikiSecretTooShort', values: { count: 32 } });
    expect(secretProblem('x'.repeat(31))).toEqual({ key: 'wikiSecretTooShort', values: { count: 32 } });
    expect(secretProblem('x'.repeat(32))).toBeNull();
    expect(secretProblem('has spaces in the middle and is long enough')?.key).toBe('wikiSecretSpaces');
    expect(secretProblem('x'.repeat(257))).toEqual({ key: 'wikiSecretTooLong', values: { count: 256 } });
  });

  it('counts the secret in bytes of UTF-8, as the wiki signs with it', () => {
    // 16 characters of two bytes each are 32 bytes; 31 characters of one byte are too few.
    expect(secretBytes('é'.repeat(16))).toBe(32);
    expect(secretProblem('é'.repeat(16))).toBeNull();
    expect(secretProblem('é'.repeat(15) + 'x')).toEqual({ key: 'wikiSecretTooShort', values: { count: 32 } });
    expect(secretBytes('🔑'.repeat(8))).toBe(32);
    expect(secretProblem('🔑'.repeat(8))).toBeNull();
  });

  it('generates strong URL-safe secrets', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateSecret()).not.toBe(secret);
    expect(generateSecret((b) => b.fill(255))).toBe('_'.repeat(42) + '8');
    expect(secretProblem(secret)).toBeNull();
  });

  it('shows the sign-in address with a placeholder for the token', () => {
    expect(wikiSignInAddress('https://perch.example.com', 'org-1')).toBe(
      'https://perch.example.com/confluence/org-1/<token>',
    );
  });
});
