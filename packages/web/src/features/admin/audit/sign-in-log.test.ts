import type { AuthAttempt } from '@perch/contract';
import { AUTH_ERROR_CODES } from '@perch/contract/values';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../../i18n';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import {
  attemptsCsv,
  defaultFilters,
  filtersFromParams,
  filtersToParams,
  formatInstant,
  listQuery,
  methodText,
  rangeProblem,
  reasonText,
} from './sign-in-log';

const t = (key: MessageKey, values?: Record<string, string | number>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key;
const prefs: TimePrefs = {
  enterTime: 1,
  workdayStart: '08:00',
  workdayEnd: '17:00',
  workdays: [1, 2, 3, 4, 5],
  use24Hour: true,
  dateFormat: 'd.m.Y',
  weekStartDay: 1,
};
const attempt = (over: Partial<AuthAttempt> = {}): AuthAttempt => ({
  id: 'a1',
  userId: 'u1',
  email: 'ada@example.com',
  timestamp: '2030-09-01T06:30:15.000Z',
  successful: false,
  method: 'password',
  authProviderId: '',
  authProviderName: '',
  errorCode: 'wrong_password',
  errorDetail: '',
  device: 'Firefox on Linux',
  clientAddress: '192.0.2.1',
  ...over,
});

describe('sign-in log filters', () => {
  it('default to the last seven days, today included, for everyone and every outcome', () => {
    expect(defaultFilters('2030-09-07')).toEqual({ from: '2030-09-01', to: '2030-09-07', user: '', outcome: 'all' });
    expect(filtersFromParams(new URLSearchParams(), '2030-09-07')).toEqual(defaultFilters('2030-09-07'));
  });

  it('read the address and write back only what differs from the defaults', () => {
    const params = new URLSearchParams('start=2030-08-01&end=2030-08-31&user=%20ada%20&outcome=failure');
    const f = filtersFromParams(params, '2030-09-07');
    expect(f).toEqual({ from: '2030-08-01', to: '2030-08-31', user: 'ada', outcome: 'failure' });
    expect(filtersToParams(f, '2030-09-07', 2)).toEqual({
      start: '2030-08-01',
      end: '2030-08-31',
      user: 'ada',
      outcome: 'failure',
      page: '2',
    });
    expect(filtersToParams(defaultFilters('2030-09-07'), '2030-09-07')).toEqual({});
  });

  it('ignore values that are no days or outcomes', () => {
    const f = filtersFromParams(new URLSearchParams('start=yesterday&end=2030-02-31x&outcome=maybe'), '2030-09-07');
    expect(f).toEqual(defaultFilters('2030-09-07'));
  });

  it('name the problem of a range', () => {
    expect(rangeProblem('2030-09-01', '2030-09-07')).toBeNull();
    expect(rangeProblem('2030-09-01', '2030-09-01')).toBeNull();
    expect(rangeProblem('', '2030-09-07')).toBe('signInLogErrorDates');
    expect(rangeProblem('2030-09-08', '2030-09-07')).toBe('signInLogErrorOrder');
  });

  it("ask the API for whole days of the admin's zone, across a daylight-saving change", () => {
    // Berlin moves to summer time on 31 March 2030: that day has 23 hours.
    const f = { from: '2030-03-31', to: '2030-03-31', user: 'ada', outcome: 'failure' as const };
    expect(listQuery(f, 'Europe/Berlin')).toEqual({
      start: '2030-03-30T23:00:00.000Z',
      end: '2030-03-31T21:59:59.999Z',
      user: 'ada',
      success: 'false',
    });
    expect(listQuery({ ...f, user: '', outcome: 'success' }, 'UTC')).toEqual({
      start: '2030-03-31T00:00:00.000Z',
      end: '2030-03-31T23:59:59.999Z',
      success: 'true',
    });
    expect(listQuery({ ...f, outcome: 'all' }, 'UTC')).not.toHaveProperty('success');
  });
});

describe('sign-in log texts', () => {
  it("show times in the admin's zone, date format and clock, to the second", () => {
    const iso = '2030-09-01T06:30:15.000Z';
    expect(formatInstant(iso, 'Europe/Berlin', prefs, 'de')).toBe('01.09.2030, 08:30:15');
    expect(formatInstant(iso, 'America/New_York', { ...prefs, use24Hour: false, dateFormat: 'm/d/Y' }, 'en')).toBe(
      '09/01/2030, 2:30:15 AM',
    );
  });

  it('put methods and reasons into words, and show unknown codes as they are', () => {
    expect(methodText(attempt(), t)).toBe('authMethodPassword');
    expect(methodText(attempt({ method: 'oauth', authProviderName: 'Keycloak' }), t)).toBe(
      'signInLogMethodWithProvider(authMethodOauth,Keycloak)',
    );
    expect(methodText(attempt({ method: 'carrier-pigeon' }), t)).toBe('carrier-pigeon');
    expect(reasonText(attempt(), t)).toBe('authErrorWrongPassword');
    expect(reasonText(attempt({ errorCode: 'throttled' }), t)).toBe('authErrorThrottled');
    expect(reasonText(attempt({ errorCode: 'solar_flare' }), t)).toBe('signInLogUnknownReason(solar_flare)');
    expect(reasonText(attempt({ successful: true, errorCode: '' }), t)).toBe('');
  });

  it('put every reason the server writes into words of its own', () => {
    const english = (key: MessageKey, values?: Record<string, string | number>) => i18next.t(key, values ?? {});
    const texts = AUTH_ERROR_CODES.map((errorCode) => reasonText(attempt({ errorCode }), english));
    // None falls back to "Other reason (code)" or shows a bare key.
    expect(texts.filter((text) => text.startsWith('Other reason') || /^authError/.test(text))).toEqual([]);
    expect(new Set(texts).size).toBe(AUTH_ERROR_CODES.length);
    expect(reasonText(attempt({ errorCode: 'idp_link_required' }), english)).toBe(
      'Account has a password and is not linked to the provider',
    );
    expect(reasonText(attempt({ errorCode: 'confluence_domain_not_verified' }), english)).toBe(
      "Wiki user's domain not verified",
    );
  });

  it('write CSV with a header, quoted fields and neutralised formulas', () => {
    const csv = attemptsCsv(
      [
        attempt(),
        attempt({
          id: 'a2',
          email: '=HYPERLINK("http://x","y")',
          device: 'Edge, beta',
          successful: true,
          errorCode: '',
        }),
      ],
      t,
      (iso) => `local ${iso.slice(11, 19)}`,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'signInLogColumnTime,signInLogColumnTimestamp,signInLogColumnEmail,signInLogColumnMethod,signInLogColumnResult,' +
        'signInLogColumnReason,signInLogColumnAddress,signInLogColumnDevice,signInLogColumnErrorCode,' +
        'signInLogColumnErrorDetail,signInLogColumnUserId',
    );
    expect(lines[1]).toBe(
      'local 06:30:15,2030-09-01T06:30:15.000Z,ada@example.com,authMethodPassword,signInLogFailed,' +
        'authErrorWrongPassword,192.0.2.1,Firefox on Linux,wrong_password,,u1',
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines[2]).toContain('"Edge, beta"');
    expect(lines[3]).toBe('');
  });
});
