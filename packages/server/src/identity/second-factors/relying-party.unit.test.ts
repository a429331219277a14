import { describe, expect, it } from 'vitest';
import { credentialIdHash, expectedOrigin, readAssertion, relyingPartyId } from './relying-party.js';

/** The relying party of an organisation: its id, the origin a request allows, the browser's JSON. */
describe('relying party', () => {
  it("is the primary domain without a port; the origin is the request's host on it", () => {
    expect(relyingPartyId('Desk.Example.COM:8443')).toBe('desk.example.com');
    const request = { host: 'desk.example.com', authority: 'desk.example.com:8443', protocol: 'http' };
    expect(expectedOrigin({}, 'desk.example.com', request)).toBe('http://desk.example.com:8443');
    // Behind a TLS proxy PUBLIC_URL names the scheme the browser sees.
    expect(expectedOrigin({ PUBLIC_URL: 'https://desk.example.com' }, 'desk.example.com', request)).toBe(
      'https://desk.example.com:8443',
    );
    expect(expectedOrigin({}, 'desk.example.com', { ...request, host: 'evil.example' })).toBeNull();
    expect(expectedOrigin({}, '', { ...request, host: '' })).toBeNull();
  });

  it('finds a credential by the hash of its id, padding or not', () => {
    expect(credentialIdHash('AbC_-w==')).toBe(credentialIdHash('AbC_-w'));
    expect(credentialIdHash('AbC_-w')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads only what a browser sends as a sign-in answer', () => {
    const answer = {
      id: 'AbC',
      rawId: 'AbC',
      type: 'public-key',
      response: { clientDataJSON: 'eA', authenticatorData: 'eA', signature: 'eA', userHandle: null },
    };
    expect(readAssertion(answer)).toMatchObject({ id: 'AbC', clientExtensionResults: {} });
    expect(readAssertion(answer)?.response).not.toHaveProperty('userHandle');
    expect(readAssertion({ ...answer, response: { clientDataJSON: 'eA' } })).toBeNull();
    expect(readAssertion({ ...answer, id: 'not base64url!' })).toBeNull();
    expect(readAssertion('x')).toBeNull();
  });
});
