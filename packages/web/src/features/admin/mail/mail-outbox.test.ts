import { describe, expect, it } from 'vitest';
import { kindText, mailFilterFromParams, mailFilterToParams, mayRetry } from './mail-outbox';

describe('mail outbox page', () => {
  it('reads the filter from the address and leaves defaults out of it', () => {
    expect(mailFilterFromParams(new URLSearchParams('status=failed&page=2'))).toEqual({ status: 'failed', page: 2 });
    expect(mailFilterFromParams(new URLSearchParams('status=lost&page=-1'))).toEqual({ status: undefined, page: 0 });
    expect(mailFilterToParams({ status: undefined, page: 0 })).toEqual({});
    expect(mailFilterToParams({ status: 'waiting', page: 1 })).toEqual({ status: 'waiting', page: '1' });
  });

  it('names known kinds and shows unknown ones as they are', () => {
    const t = (key: string) => `<${key}>`;
    expect(kindText('invitation', t)).toBe('<mailKindInvitation>');
    expect(kindText('booking-reminder', t)).toBe('booking-reminder');
  });

  it('offers another try only for mails that have not gone out', () => {
    expect(mayRetry({ status: 'waiting' })).toBe(true);
    expect(mayRetry({ status: 'failed' })).toBe(true);
    expect(mayRetry({ status: 'sending' })).toBe(false);
    expect(mayRetry({ status: 'sent' })).toBe(false);
  });
});
