import { ApiError } from '@perch/client';
import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from '../features/auth/sign-in-errors';
import { apiErrorMessage } from './api-error-message';

describe('apiErrorMessage', () => {
  it('prefers the application code and fills the limit from the settings', () => {
    expect(apiErrorMessage(new ApiError(400, 1003, ''), { max_bookings_per_user: '5' })).toEqual({
      key: 'errorBookingLimit',
      values: { count: 5 },
    });
    expect(apiErrorMessage(new ApiError(409, 1001, ''))).toEqual({ key: 'errorSlotConflict' });
    expect(apiErrorMessage(new ApiError(403, 1008, ''), { max_hours_before_delete: '24' })).toEqual({
      key: 'errorDeleteBookingBeforeMaxCancel',
      values: { count: 24 },
    });
  });

  it('counts with the default limit when the organisation has none stored, so plurals still work', () => {
    expect(apiErrorMessage(new ApiError(400, 1004, ''), {})).toEqual({
      key: 'errorDaysAdvance',
      values: { count: 14 },
    });
  });

  it('names the forced password change that repeats the current password', () => {
    expect(apiErrorMessage(new ApiError(400, 5002, ''))).toEqual({ key: 'errorPasswordSameAsCurrent' });
  });

  it('falls back to the HTTP status', () => {
    expect(apiErrorMessage(new ApiError(403, 0, ''))).toEqual({ key: 'errorForbidden' });
    expect(apiErrorMessage(new ApiError(404, 0, ''))).toEqual({ key: 'notFoundBody' });
    expect(apiErrorMessage(new ApiError(502, 0, ''))).toEqual({ key: 'serverErrorBody' });
    expect(apiErrorMessage(new ApiError(418, 9999, ''))).toEqual({ key: 'errorUnknown' });
  });

  it('treats network failures and non-API errors as unknown', () => {
    expect(apiErrorMessage(new ApiError(0, 0, 'offline'))).toEqual({ key: 'errorUnknown' });
    expect(apiErrorMessage(new TypeError('bug'))).toEqual({ key: 'errorUnknown' });
  });

  it('does not call a session ended when only its refresh could not reach the server', () => {
    expect(apiErrorMessage(new ApiError(401, 0, 'refresh failed', undefined, null, true))).toEqual({
      key: 'errorUnknown',
    });
    expect(apiErrorMessage(new ApiError(401, 0, 'ended'))).toEqual({ key: 'sessionExpiredBody' });
  });
});

describe('signInErrorMessage', () => {
  it('gives one message for wrong credentials, whatever the cause', () => {
    expect(signInErrorMessage(new ApiError(400, 0, ''), 'login')).toEqual({ key: 'errorLoginFailed' });
    expect(signInErrorMessage(new ApiError(404, 0, ''), 'login')).toEqual({ key: 'errorLoginFailed' });
  });

  it('says which organisation lookup failed', () => {
    expect(signInErrorMessage(new ApiError(404, 0, ''), 'preflight')).toEqual({ key: 'errorOrgNotFound' });
  });

  it('turns Retry-After into whole minutes, at least one', () => {
    expect(signInErrorMessage(new ApiError(429, 0, '', undefined, 600), 'login')).toEqual({
      key: 'errorTooManyAttempts',
      values: { count: 10 },
    });
    expect(signInErrorMessage(new ApiError(429, 0, '', undefined, 5), 'login')).toEqual({
      key: 'errorTooManyAttempts',
      values: { count: 1 },
    });
    expect(signInErrorMessage(new ApiError(429, 0, ''), 'login')).toEqual({ key: 'errorTooManyRequests' });
  });

  it('asks to try again shortly when the server was too busy to check the password', () => {
    expect(signInErrorMessage(new ApiError(503, 0, '', undefined, 2), 'login')).toEqual({ key: 'errorSignInBusy' });
    expect(signInErrorMessage(new ApiError(503, 0, ''), 'updatePassword')).toEqual({ key: 'errorSignInBusy' });
  });

  it('reports a network failure as an unknown error', () => {
    expect(signInErrorMessage(new ApiError(0, 0, ''), 'login')).toEqual({ key: 'errorUnknown' });
  });
});
