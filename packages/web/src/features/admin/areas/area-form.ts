import type { AttributeValue, Location, LocationSave } from '@perch/contract';
import { TEXT_MAX } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';
import { checkInBody, checkInValues, type CheckInValues } from '../ui/check-in-policy';

export const AREA_NAME_MAX = TEXT_MAX.areaName;
export const AREA_DESCRIPTION_MAX = TEXT_MAX.areaDescription;
export const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The area form's fields; weekdays as strings because chips work with strings. */
export interface AreaFormValues extends CheckInValues {
  name: string;
  description: string;
  timezone: string;
  enabled: boolean;
  limitConcurrent: boolean;
  maxConcurrentBookings: number | string;
  bookableDays: string[];
  allowedBookerGroupIds: string[];
  /** Attribute id → value; a missing key means "not set". */
  attributes: Record<string, string>;
}

export function areaFormValues(
  area: Location | undefined,
  attributeValues: readonly AttributeValue[] = [],
): AreaFormValues {
  const days = area?.bookableDays.length ? area.bookableDays : ALL_WEEKDAYS;
  return {
    name: area?.name ?? '',
    description: area?.description ?? '',
    timezone: area?.timezone ?? '',
    enabled: area?.enabled ?? true,
    limitConcurrent: (area?.maxConcurrentBookings ?? 0) > 0,
    maxConcurrentBookings: area?.maxConcurrentBookings || 10,
    bookableDays: [...days].sort((a, b) => a - b).map(String),
    allowedBookerGroupIds: [...(area?.allowedBookerGroupIds ?? [])],
    attributes: Object.fromEntries(attributeValues.map((v) => [v.attributeId, v.value])),
    ...checkInValues(area),
  };
}

/**
 * The API body. All seven days are stored as "no restriction" (an empty list, as the reference
 * does); the floor-plan fields are passed through so a save does not reset them.
 */
export function areaSaveBody(values: AreaFormValues, area: Location | undefined): LocationSave {
  const days = values.bookableDays.map(Number).sort((a, b) => a - b);
  return {
    name: values.name.trim(),
    description: values.description,
    timezone: values.timezone,
    enabled: values.enabled,
    maxConcurrentBookings: values.limitConcurrent ? Number(values.maxConcurrentBookings) : 0,
    bookableDays: days.length === ALL_WEEKDAYS.length ? [] : days,
    allowedBookerGroupIds: values.allowedBookerGroupIds,
    mapScale: area?.mapScale && area.mapScale > 0 ? area.mapScale : 1,
    mapType: area?.mapType === 'designed' ? 'designed' : '',
    ...checkInBody(values),
  };
}

/** Which attribute values to write and which to remove. */
export function attributeChanges(
  values: Readonly<Record<string, string>>,
  saved: readonly AttributeValue[],
): { set: AttributeValue[]; remove: string[] } {
  const before = new Map(saved.map((v) => [v.attributeId, v.value]));
  const set = Object.entries(values)
    .filter(([id, value]) => before.get(id) !== value)
    .map(([attributeId, value]) => ({ attributeId, value }));
  const remove = saved.filter((v) => !(v.attributeId in values)).map((v) => v.attributeId);
  return { set, remove };
}

export function validateAreaName(name: string): MessageKey | null {
  if (!name.trim()) return 'errorRequired';
  if (name.trim().length > AREA_NAME_MAX) return 'errorTooLong';
  return null;
}

export function validateCapacity(value: number | string, limited: boolean): MessageKey | null {
  if (!limited) return null;
  const n = Number(value);
  return value !== '' && Number.isInteger(n) && n >= 1 ? null : 'errorCapacity';
}

export function validateBookableDays(days: readonly string[]): MessageKey | null {
  return days.length > 0 ? null : 'errorNoBookableDays';
}
