import type { Db } from '../../db/connection.js';
import { storeMap } from './map.js';

/** The sample floor: 16 desks in four islands, a meeting room, a kitchen and a lounge. */
const W = 1600;
const H = 900;
const DESK_W = 140;
const DESK_H = 80;
const ISLANDS = [
  { x: 140, y: 150 },
  { x: 560, y: 150 },
  { x: 140, y: 520 },
  { x: 560, y: 520 },
];

interface SampleSpace {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  monitors: number;
  standing: boolean;
}

function sampleSpaces(): SampleSpace[] {
  const desks: SampleSpace[] = [];
  let n = 1;
  for (const island of ISLANDS) {
    for (const [dx, dy] of [
      [0, 0],
      [DESK_W + 10, 0],
      [0, DESK_H + 10],
      [DESK_W + 10, DESK_H + 10],
    ] as const) {
      desks.push({
        name: `Desk ${n}`,
        x: island.x + dx,
        y: island.y + dy,
        width: DESK_W,
        height: DESK_H,
        monitors: n % 3 === 0 ? 1 : 2,
        standing: n % 4 === 1,
      });
      n++;
    }
  }
  desks.push({ name: 'Meeting Room', x: 1080, y: 80, width: 420, height: 320, monitors: 1, standing: false });
  return desks;
}

/** A clean architectural drawing: walls, rooms, windows and furniture outlines, no text that needs translating. */
export function sampleFloorPlanSvg(): string {
  const islands = ISLANDS.map(
    ({ x, y }) =>
      `<rect x="${x - 14}" y="${y - 14}" width="${2 * DESK_W + 38}" height="${2 * DESK_H + 38}" rx="10" fill="#e9ecef" stroke="#ced4da" stroke-width="2"/>`,
  ).join('');
  const chairs = sampleSpaces()
    .filter((s) => s.name.startsWith('Desk'))
    .map((s, i) => {
      const top = i % 4 < 2;
      const cy = top ? s.y - 6 : s.y + s.height + 6;
      return `<circle cx="${s.x + s.width / 2}" cy="${cy}" r="14" fill="#dee2e6" stroke="#adb5bd" stroke-width="2"/>`;
    })
    .join('');
  const windows = [200, 420, 640, 860, 1180, 1400]
    .map((x) => `<line x1="${x}" y1="40" x2="${x + 120}" y2="40" stroke="#74c0fc" stroke-width="8"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#ffffff"/>
<rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="#f8f9fa" stroke="#343a40" stroke-width="10"/>
${windows}
<path d="M1040 40 V420 H1260 M1340 420 H1560" fill="none" stroke="#343a40" stroke-width="8"/>
<rect x="1120" y="150" width="340" height="180" rx="40" fill="#e9ecef" stroke="#ced4da" stroke-width="2"/>
<path d="M1040 560 V860 M1040 560 H1300" fill="none" stroke="#343a40" stroke-width="8"/>
<rect x="1380" y="600" width="160" height="240" fill="#e9ecef" stroke="#ced4da" stroke-width="2"/>
<rect x="1100" y="640" width="220" height="100" rx="8" fill="#e9ecef" stroke="#ced4da" stroke-width="2"/>
<rect x="1080" y="470" width="60" height="40" rx="6" fill="#d3f9d8" stroke="#8ce99a" stroke-width="2"/>
<rect x="160" y="780" width="300" height="60" rx="30" fill="#e9ecef" stroke="#ced4da" stroke-width="2"/>
<circle cx="960" cy="120" r="36" fill="#d3f9d8" stroke="#8ce99a" stroke-width="2"/>
<circle cx="960" cy="780" r="36" fill="#d3f9d8" stroke="#8ce99a" stroke-width="2"/>
<path d="M700 860 v-20 h120 v20" fill="none" stroke="#343a40" stroke-width="6"/>
${islands}${chairs}
</svg>`;
}

async function attributeId(db: Db, orgId: string, label: string, type: number): Promise<string> {
  const existing = await db
    .selectFrom('space_attributes')
    .select('id')
    .where('organization_id', '=', orgId)
    .where('label', '=', label)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('space_attributes')
    .values({ organization_id: orgId, label, type, space_applicable: true, location_applicable: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates the sample area with its floor plan, spaces and attributes (run it in a transaction). */
export async function createSampleArea(trx: Db, orgId: string): Promise<string> {
  const location = await trx
    .insertInto('locations')
    .values({
      organization_id: orgId,
      name: 'Sample Floor',
      description:
        'A sample floor with 16 desks and a meeting room. Rename it, upload your own floor plan or delete it.',
      enabled: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeMap(trx, location.id, Buffer.from(sampleFloorPlanSvg(), 'utf8'));
  const monitors = await attributeId(trx, orgId, 'Monitors', 1);
  const standing = await attributeId(trx, orgId, 'Standing desk', 2);
  for (const s of sampleSpaces()) {
    const space = await trx
      .insertInto('spaces')
      .values({ location_id: location.id, name: s.name, x: s.x, y: s.y, width: s.width, height: s.height })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('space_attribute_values')
      .values([
        { space_id: space.id, attribute_id: monitors, value: String(s.monitors) },
        { space_id: space.id, attribute_id: standing, value: s.standing ? '1' : '0' },
      ])
      .execute();
  }
  return location.id;
}
