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
    });
  });

  it('round-trips and keeps unknown parameters', () => {
    const state = parseSearchUrl(new URLSearchParams('lid=a1&enter=2030-09-02T09:00&leave=2030-09-02T17:00&f=x:lt:3'));
    const written = writeSearchUrl(new URLSearchParams('utm=qr'), { ...state, view: 'list' });
    expect(written.get('utm')).toBe('qr');
    expect(parseSearchUrl(written)).toEqual({ ...state, view: 'list' });
  });
});
