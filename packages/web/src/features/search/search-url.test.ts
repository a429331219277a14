import { describe, expect, it } from 'vitest';
import { parseSearchUrl, writeSearchUrl } from './search-url';

describe('search state in the address', () => {
  it('reads the reference parameters and ours', () => {
    const state = parseSearchUrl(
      new URLSearchParams('lid=a1&enter=2030-09-02T09:00&leave=2030-09-02T17:00&sid=s1&view=list&f=x:gte:2&f=y:eq:a:b'),
    );
    expect(state).toEqual({
      areaId: 'a1',
      window: { enter: '2030-09-02T09:00', leave: '2030-09-02T17:00' },
      view: 'list',
      spaceId: 's1',
      freeNow: false,
      filters: [
        { attributeId: 'x', comparator: 'gte', value: '2' },
        { attributeId: 'y', comparator: 'eq', value: 'a:b' },
      ],
    });
  });

  it('ignores broken values and falls back to defaults', () => {
    expect(parseSearchUrl(new URLSearchParams('enter=tomorrow&leave=2030-13-01T00:00&f=bad&view=3d'))).toEqual({
      areaId: null,
      window: null,
      view: 'map',
      filters: [],
      spaceId: null,
      freeNow: false,
    });
  });

  it('round-trips and keeps unknown parameters', () => {
    const state = parseSearchUrl(new URLSearchParams('lid=a1&enter=2030-09-02T09:00&leave=2030-09-02T17:00&f=x:lt:3'));
    const written = writeSearchUrl(new URLSearchParams('utm=qr'), { ...state, view: 'list' });
    expect(written.get('utm')).toBe('qr');
    expect(parseSearchUrl(written)).toEqual({ ...state, view: 'list' });
  });

  it("reads an area code's `now=1` and writes it back until it is turned off", () => {
    const state = parseSearchUrl(new URLSearchParams('lid=a1&now=1'));
    expect(state).toMatchObject({ areaId: 'a1', freeNow: true, window: null });
    expect(writeSearchUrl(new URLSearchParams('lid=a1&now=1'), state).get('now')).toBe('1');
    expect(writeSearchUrl(new URLSearchParams('lid=a1&now=1'), { ...state, freeNow: false }).has('now')).toBe(false);
  });
});
