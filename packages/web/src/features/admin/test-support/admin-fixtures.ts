import type { Group, Location, LocationMap, Space, SpaceAttribute } from '@perch/contract';

export const AREA_ID = '0b5cf5f5-1f4e-4a58-9d6a-000000000001';

export function space(n: number, over: Partial<Space> = {}): Space {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    locationId: AREA_ID,
    name: `Desk ${n}`,
    x: 10 + ((n * 60) % 1500),
    y: 10 + Math.floor((n * 60) / 1500) * 40,
    width: 50,
    height: 30,
    rotation: 0,
    requireSubject: false,
    enabled: true,
    kioskEnabled: false,
    shape: 'rect',
    fontSize: 'normal',
    attributes: [],
    approverGroupIds: [],
    allowedBookerGroupIds: [],
    ...over,
  };
}

export function spaces(count: number): Space[] {
  return Array.from({ length: count }, (_, i) => space(i + 1));
}

export function area(over: Partial<Location> = {}): Location {
  return {
    id: AREA_ID,
    organizationId: 'org',
    name: 'Third floor',
    description: '',
    maxConcurrentBookings: 0,
    timezone: '',
    enabled: true,
    mapScale: 1,
    mapType: '',
    mapWidth: 1600,
    mapHeight: 900,
    mapMimeType: 'svg+xml',
    allowedBookerGroupIds: [],
    bookableDays: [],
    ...over,
  };
}

const PLAN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"></svg>';
export const MAP: LocationMap = { width: 1600, height: 900, scale: 1, mimeType: 'svg+xml', data: btoa(PLAN_SVG) };

export const ATTRIBUTES: SpaceAttribute[] = [
  {
    id: 'a-monitors',
    organizationId: 'org',
    label: 'Monitors',
    type: 1,
    spaceApplicable: true,
    locationApplicable: false,
  },
  {
    id: 'a-standing',
    organizationId: 'org',
    label: 'Standing desk',
    type: 2,
    spaceApplicable: true,
    locationApplicable: true,
  },
  { id: 'a-note', organizationId: 'org', label: 'Note', type: 3, spaceApplicable: false, locationApplicable: true },
];

export const GROUPS: Group[] = [
  { id: '11111111-1111-4111-8111-111111111111', organizationId: 'org', name: 'Facilities', userCount: 2 },
  { id: '22222222-2222-4222-8222-222222222222', organizationId: 'org', name: 'Engineering', userCount: 5 },
];
