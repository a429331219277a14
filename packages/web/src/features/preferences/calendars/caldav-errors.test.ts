import { ApiError } from '@perch/client';
import { describe, expect, it } from 'vitest';
import { caldavDetail, isCaldavFailure } from './caldav-errors';
import { canKeepPassword, connectBody, validateCaldavForm } from './caldav-form';

describe('CalDAV failures', () => {
  it('keeps the reason the server gave, without its lead-in', () => {
    const refused = new ApiError(
      400,
      0,
      'CalDAV connection error (check URL and credentials): The calendar server refused the user name or password',
    );
    expect(isCaldavFailure(refused)).toBe(true);
    expect(caldavDetail(refused)).toBe('The calendar server refused the user name or password');
    expect(caldavDetail(new ApiError(404, 0, 'No calendar is connected'))).toBe('No calendar is connected');
  });

  it('has nothing to add for other failures or a bare status', () => {
    expect(caldavDetail(new ApiError(400, 0, 'POST /preference/caldav/connection/test failed with 400'))).toBeNull();
    expect(caldavDetail(new ApiError(500, 0, 'boom'))).toBeNull();
    expect(isCaldavFailure(new ApiError(403, 0, 'no'))).toBe(false);
    expect(caldavDetail(new Error('x'))).toBeNull();
  });
});

describe('CalDAV form', () => {
  const stored = { url: 'https://dav.example.com/', username: 'alice' };

  it('needs an http(s) address, a user name and, for a new connection, the password', () => {
    expect(validateCaldavForm({ url: 'dav.example.com', username: '', password: '' }, null)).toEqual({
      url: 'caldavUrlInvalid',
      username: 'caldavUsernameRequired',
      password: 'caldavPasswordRequired',
    });
    expect(validateCaldavForm({ url: 'ftp://dav.example.com/', username: 'a', password: 'p' }, null)).toEqual({
      url: 'caldavUrlInvalid',
    });
    expect(validateCaldavForm({ url: ' https://dav.example.com/ ', username: 'a', password: 'p' }, null)).toEqual({});
  });

  it('keeps the saved password only for the same server and user name', () => {
    const same = { ...stored, password: '' };
    expect(canKeepPassword(same, stored)).toBe(true);
    expect(validateCaldavForm(same, stored)).toEqual({});
    expect(validateCaldavForm({ ...same, username: 'bob' }, stored)).toEqual({
      password: 'caldavPasswordNeededForNewAccount',
    });
    expect(connectBody(same, '/alice/work/')).toEqual({ ...stored, path: '/alice/work/' });
    expect(connectBody({ ...same, password: 'pw' }, '/alice/work/')).toEqual({
      ...stored,
      password: 'pw',
      path: '/alice/work/',
    });
  });
});
