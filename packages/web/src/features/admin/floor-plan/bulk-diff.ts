import type { AttributeValue, Space, SpaceBulk, SpaceSave } from '@perch/contract';
import { CHECK_IN_FIELDS, checkInBody, checkInErrors } from '../ui/check-in-policy';
import type { DraftSpace } from './draft-space';
import type { PlanSnapshot } from './editor-state';
import { withNonNegativeOrigin } from './geometry';

/**
 * The body the API takes for one space (create, or update together with its id). The check-in
 * fields always go along, null where the area decides: a field left out would keep what is
 * stored, so clearing one would not take.
 */
export function spaceSaveBody(draft: DraftSpace): SpaceSave {
  const box = withNonNegativeOrigin(draft);
  return {
    name: draft.name.trim(),
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    rotation: box.rotation,
    shape: draft.shape,
    fontSize: draft.fontSize,
    enabled: draft.enabled,
    requireSubject: draft.requireSubject,
    kioskEnabled: draft.kioskEnabled,
    attributes: draft.attributes.map(({ attributeId, value }) => ({ attributeId, value })),
    approverGroupIds: [...draft.approverGroupIds],
    allowedBookerGroupIds: [...draft.allowedBookerGroupIds],
    ...checkInBody(draft),
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const set = new Set(a.map((id) => id.toLowerCase()));
  return b.every((id) => set.has(id.toLowerCase()));
};

const sameAttributes = (a: readonly AttributeValue[], b: readonly AttributeValue[]) => {
  if (a.length !== b.length) return false;
  const values = new Map(a.map((v) => [v.attributeId, v.value]));
  return b.every((v) => values.get(v.attributeId) === v.value);
};

/** Whether saving the draft would change the stored space. */
export function differsFromSaved(saved: Space, draft: DraftSpace): boolean {
  const body = spaceSaveBody(draft);
  return (
    body.name !== saved.name ||
    body.x !== saved.x ||
    body.y !== saved.y ||
    body.width !== saved.width ||
    body.height !== saved.height ||
    body.rotation !== saved.rotation ||
    body.shape !== saved.shape ||
    body.fontSize !== saved.fontSize ||
    body.enabled !== saved.enabled ||
    body.requireSubject !== saved.requireSubject ||
    body.kioskEnabled !== saved.kioskEnabled ||
    !sameAttributes(body.attributes, saved.attributes) ||
    !sameIds(body.approverGroupIds ?? [], saved.approverGroupIds) ||
    !sameIds(body.allowedBookerGroupIds ?? [], saved.allowedBookerGroupIds) ||
    CHECK_IN_FIELDS.some((field) => body[field] !== (saved[field] ?? null))
  );
}

export interface PlanChanges {
  bulk: SpaceBulk;
  /** Editor keys of the created spaces, in the order of `bulk.creates` (the answer keeps it). */
  createdKeys: string[];
  count: number;
}

/** Everything between the saved spaces and the draft, as one bulk request. */
export function planChanges(saved: readonly Space[], present: PlanSnapshot): PlanChanges {
  const savedById = new Map(saved.map((s) => [s.id, s]));
  const creates: SpaceSave[] = [];
  const createdKeys: string[] = [];
  const updates: SpaceBulk['updates'] = [];
  const kept = new Set<string>();
  for (const key of present.order) {
    const draft = present.spaces[key];
    if (!draft) continue;
    const original = draft.id ? savedById.get(draft.id) : undefined;
    if (!draft.id || !original) {
      creates.push(spaceSaveBody(draft));
      createdKeys.push(key);
      continue;
    }
    kept.add(draft.id);
    if (differsFromSaved(original, draft)) updates.push({ ...spaceSaveBody(draft), id: draft.id });
  }
  const deleteIds = saved.filter((s) => !kept.has(s.id)).map((s) => s.id);
  return {
    bulk: { creates, updates, deleteIds },
    createdKeys,
    count: creates.length + updates.length + deleteIds.length,
  };
}

/** Keys of spaces that cannot be saved because their name is empty. */
export function unnamedSpaces(present: PlanSnapshot): string[] {
  return present.order.filter((key) => !present.spaces[key]?.name.trim());
}

/** Keys of spaces that cannot be saved because a value of their check-in policy is not valid. */
export function spacesWithCheckInErrors(present: PlanSnapshot): string[] {
  return present.order.filter((key) => {
    const draft = present.spaces[key];
    return draft !== undefined && Object.keys(checkInErrors(draft)).length > 0;
  });
}
