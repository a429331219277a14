import { describe, expect, it } from 'vitest';
import { checkInBody, checkInErrors, checkInValues, inheritedCheckIn, INHERITED_CHECK_IN } from './check-in-policy';

describe('values a check-in field left empty takes', () => {
  it("takes the organisation's settings, and their defaults where none is stored", () => {
    const inherited = inheritedCheckIn({ checkin_grace_minutes: '45', checkin_release_time: '10:00' });
    expect(inherited.checkinGraceMinutes).toEqual({ source: 'organisation', value: '45' });
    expect(inherited.checkinReleaseTime).toEqual({ source: 'organisation', value: '10:00' });
    expect(inherited.checkinOpensMinutes).toEqual({ source: 'organisation', value: '15' });
    expect(inherited.checkinRelease).toEqual({ source: 'organisation', value: '1' });
  });

  it("takes the area's value where the area sets one", () => {
    const inherited = inheritedCheckIn({}, { checkinMode: 2, checkinOpensMinutes: 0, checkinExemptLong: false });
    expect(inherited.checkinMode).toEqual({ source: 'area', value: '2' });
    expect(inherited.checkinOpensMinutes).toEqual({ source: 'area', value: '0' });
    expect(inherited.checkinExemptLong).toEqual({ source: 'area', value: '0' });
    expect(inherited.checkinGraceMinutes).toEqual({ source: 'organisation', value: '30' });
  });

  it('lets an area that sets a grace decide the time of day too: none', () => {
    const inherited = inheritedCheckIn({ checkin_release_time: '10:00' }, { checkinGraceMinutes: 20 });
    expect(inherited.checkinGraceMinutes).toEqual({ source: 'area', value: '20' });
    expect(inherited.checkinReleaseTime).toEqual({ source: 'area', value: '' });
    expect(inheritedCheckIn({}, { checkinReleaseTime: '09:30' }).checkinReleaseTime).toEqual({
      source: 'area',
      value: '09:30',
    });
  });
});

describe('check-in fields of a level', () => {
  it('reads stored overrides and saves them back, null for each left empty', () => {
    const values = checkInValues({ checkinMode: 1, checkinGraceMinutes: 10, checkinRelease: true });
    expect(checkInBody(values)).toEqual({
      checkinMode: 1,
      checkinOpensMinutes: null,
      checkinGraceMinutes: 10,
      checkinReleaseTime: null,
      checkinRelease: true,
      checkinExemptLong: null,
    });
  });

  it('names the fields out of range', () => {
    expect(checkInErrors(INHERITED_CHECK_IN)).toEqual({});
    expect(
      checkInErrors({
        ...INHERITED_CHECK_IN,
        checkinOpensMinutes: 721,
        checkinGraceMinutes: 0,
        checkinReleaseTime: '24:00',
      }),
    ).toEqual({
      checkinOpensMinutes: 'errorWholeNumberRange',
      checkinGraceMinutes: 'errorWholeNumberRange',
      checkinReleaseTime: 'errorTimeOfDay',
    });
  });
});
