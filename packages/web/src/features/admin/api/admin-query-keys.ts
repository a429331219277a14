/** TanStack Query keys of the administration screens; one place, so saves invalidate the right lists. */
export const adminKeys = {
  areas: ['admin', 'areas'] as const,
  area: (id: string) => ['admin', 'areas', id] as const,
  areaMap: (id: string) => ['admin', 'areas', id, 'map'] as const,
  areaAttributes: (id: string) => ['admin', 'areas', id, 'attributes'] as const,
  spaces: (areaId: string) => ['admin', 'areas', areaId, 'spaces'] as const,
  attributes: ['admin', 'attributes'] as const,
  timezones: ['admin', 'timezones'] as const,
  groups: ['admin', 'groups'] as const,
  group: (id: string) => ['admin', 'groups', id] as const,
  groupMembers: (id: string) => ['admin', 'groups', id, 'members'] as const,
  userSearch: (q: string) => ['admin', 'users', 'search', q] as const,
};
