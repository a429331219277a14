import type { AttributeValue, Space, SpaceFontSize, SpaceShape } from '@perch/contract';
import { SPACE_FONT_SIZES, SPACE_SHAPES } from '@perch/contract/values';
import { checkInValues, INHERITED_CHECK_IN, type CheckInValues } from '../ui/check-in-policy';

/**
 * A space as the editor holds it: saved ones keep their id, new ones have none yet. Its own
 * check-in policy is kept as typed ('' leaves a field to the area), so a value out of range
 * stays on screen with its error until it is corrected.
 */
export interface DraftSpace extends CheckInValues {
  /** Stable identity within the editor: the id of a saved space, a local key for a new one. */
  key: string;
  id: string | null;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  shape: SpaceShape;
  fontSize: SpaceFontSize;
  enabled: boolean;
  requireSubject: boolean;
  kioskEnabled: boolean;
  attributes: readonly AttributeValue[];
  approverGroupIds: readonly string[];
  allowedBookerGroupIds: readonly string[];
}

const isShape = (v: string): v is SpaceShape => (SPACE_SHAPES as readonly string[]).includes(v);
const isFontSize = (v: string): v is SpaceFontSize => (SPACE_FONT_SIZES as readonly string[]).includes(v);

export function draftFromSpace(space: Space): DraftSpace {
  return {
    key: space.id,
    id: space.id,
    name: space.name,
    x: space.x,
    y: space.y,
    width: space.width,
    height: space.height,
    rotation: space.rotation,
    shape: isShape(space.shape) ? space.shape : 'rect',
    fontSize: isFontSize(space.fontSize) ? space.fontSize : 'normal',
    enabled: space.enabled,
    requireSubject: space.requireSubject,
    kioskEnabled: space.kioskEnabled,
    attributes: space.attributes,
    approverGroupIds: space.approverGroupIds,
    allowedBookerGroupIds: space.allowedBookerGroupIds,
    ...checkInValues(space),
  };
}

/** Everything a new space needs besides where it is and what it is called. */
export const NEW_SPACE_DEFAULTS = {
  rotation: 0,
  shape: 'rect',
  fontSize: 'normal',
  enabled: true,
  requireSubject: false,
  kioskEnabled: false,
  attributes: [],
  approverGroupIds: [],
  allowedBookerGroupIds: [],
  ...INHERITED_CHECK_IN,
} as const satisfies Partial<DraftSpace>;

/**
 * The next free name in a series: "Desk 7" among Desk 1–16 gives "Desk 17"; a name without a
 * number gets one ("Meeting room" → "Meeting room 2").
 */
export function nextName(base: string, existing: Iterable<string>): string {
  const prefix = base.replace(/\s*\d+$/, '').trim() || base.trim();
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(\\d+)$`, 'i');
  let highest = 0;
  let baseTaken = false;
  for (const name of existing) {
    const trimmed = name.trim();
    if (trimmed.toLocaleLowerCase() === prefix.toLocaleLowerCase()) baseTaken = true;
    const match = pattern.exec(trimmed);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${prefix} ${Math.max(highest, baseTaken ? 1 : 0) + 1}`;
}
