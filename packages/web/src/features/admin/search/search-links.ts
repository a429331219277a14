import type { SearchResult } from '@perch/contract';
import type { MessageKey } from '../../../i18n';

export type SearchCategory = 'users' | 'areas' | 'spaces' | 'groups';

export interface SearchHit {
  id: string;
  label: string;
  /** A second line: an email, the area of a space, a description. */
  detail: string;
  /** The admin page that shows it. */
  to: string;
}

export interface SearchGroup {
  category: SearchCategory;
  title: MessageKey;
  hits: SearchHit[];
}

const TITLES: Record<SearchCategory, MessageKey> = {
  users: 'navAdminUsers',
  areas: 'navAdminAreas',
  spaces: 'searchSpaces',
  groups: 'navAdminGroups',
};

/**
 * Search results as links to their admin pages, grouped, empty groups left out. A space opens
 * its area's floor-plan editor with the space selected.
 */
export function searchGroups(result: SearchResult | undefined): SearchGroup[] {
  if (!result) return [];
  const groups: SearchGroup[] = [
    {
      category: 'users',
      title: TITLES.users,
      hits: result.users.map((u) => {
        const name = `${u.firstname} ${u.lastname}`.trim();
        return { id: u.id, label: name || u.email, detail: name ? u.email : '', to: `/admin/users/${u.id}` };
      }),
    },
    {
      category: 'areas',
      title: TITLES.areas,
      hits: result.locations.map((l) => ({
        id: l.id,
        label: l.name,
        detail: l.description,
        to: `/admin/areas/${l.id}`,
      })),
    },
    {
      category: 'spaces',
      title: TITLES.spaces,
      hits: result.spaces
        .filter((s) => s.location)
        .map((s) => ({
          id: s.id,
          label: s.name,
          detail: s.location?.name ?? '',
          to: `/admin/areas/${s.location?.id ?? ''}?tab=plan&space=${s.id}`,
        })),
    },
    {
      category: 'groups',
      title: TITLES.groups,
      hits: result.groups.map((g) => ({ id: g.id, label: g.name, detail: '', to: `/admin/groups/${g.id}` })),
    },
  ];
  return groups.filter((g) => g.hits.length > 0);
}

export function searchPagePath(query: string): string {
  return `/admin/search?q=${encodeURIComponent(query.trim())}`;
}
