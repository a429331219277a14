/**
 * The parts of the tenant-isolation matrix (http/isolation-matrix.test.ts) that do not depend
 * on a running server: finding the id positions of a route in its zod schemas, mapping them to
 * kinds of objects, building an otherwise valid request around chosen ids, and taking a
 * snapshot of everything in the database that belongs to one organisation. The code lives in
 * `isolation/`, one module per responsibility; this entry re-exports its public names.
 */

export {
  FIELD_KINDS,
  ID_WORD_KINDS,
  isPosition,
  kindOf,
  NAME_KINDS,
  NON_OBJECT_PARAMS,
  NOT_YET_HELD,
  ONE_TIME_LINKS,
  SEGMENT_KINDS,
  type Kind,
} from './isolation/kinds.js';
export { positionsOf, type Assignment, type Part, type Position } from './isolation/positions.js';
export { buildInput } from './isolation/input.js';
export { describeChanges, snapshotOrganization, type Snapshot } from './isolation/snapshot.js';
