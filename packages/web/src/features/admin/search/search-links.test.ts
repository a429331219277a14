import { describe, expect, it } from 'vitest';
import { searchGroups, searchPagePath } from './search-links';

const area = { id: 'area-1', name: 'Third floor', description: 'East wing' };

describe('admin search links', () => {
  it('groups results in a fixed order, leaves out empty groups and links each to its admin page', () => {
    const groups = searchGroups({
      users: [
        { id: 'u1', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' },
        { id: 'u2', email: 'bot@example.com', firstname: '', lastname: '' },
      ],
      locations: [area],
      spaces: [{ id: 's1', name: 'Desk 7', location: area }],
      groups: [],
    });
    expect(groups.map((g) => g.category)).toEqual(['users', 'areas', 'spaces']);
    expect(groups[0]!.hits).toEqual([
      { id: 'u1', label: 'Ada Lovelace', detail: 'ada@example.com', to: '/admin/users/u1' },
      { id: 'u2', label: 'bot@example.com', detail: '', to: '/admin/users/u2' },
    ]);
    expect(groups[1]!.hits[0]!.to).toBe('/admin/areas/area-1');
    // A space opens its area's floor plan with the space selected.
    expect(groups[2]!.hits[0]).toMatchObject({
      label: 'Desk 7',
      detail: 'Third floor',
      to: '/admin/areas/area-1?tab=plan&space=s1',
    });
  });

  it('has nothing to show before the first answer', () => {
    expect(searchGroups(undefined)).toEqual([]);
  });

  it('puts the query into the results page address', () => {
    expect(searchPagePath(' desk & chair ')).toBe('/admin/search?q=desk%20%26%20chair');
  });
});
