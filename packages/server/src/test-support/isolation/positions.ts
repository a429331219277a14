import { PREFERENCES, routes, type Endpoint } from '@perch/contract';
import { isPosition, kindOf, type Kind, type Part } from './kinds.js';

/**
 * Walking zod schemas: a zod 4 schema as the walker sees it, the id positions of a route in its
 * params, query and body schemas (plus those only a catalogue shows), and the values assigned
 * to positions.
 */

/** A zod 4 schema as this walker sees it. */
export interface ZodNode {
  _zod: { def: ZodDef; bag?: { format?: string } };
  safeParse(value: unknown): { success: boolean; error?: { message: string } };
}
interface ZodDef {
  type: string;
  shape?: Record<string, ZodNode>;
  element?: ZodNode;
  innerType?: ZodNode;
  in?: ZodNode;
  options?: ZodNode[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
}

export type { Part };
export type Segment = string | number;

export interface Position {
  part: Part;
  /** Where in the part: object keys and array indexes (the first element). */
  path: Segment[];
  /** The field or parameter name (`''` for the elements of an array body). */
  name: string;
  kind: Kind | undefined;
  /** Whether a valid request may leave it out (an optional field, or inside an array). */
  optional: boolean;
  /** Other values the position needs to mean something (a preference name for its value). */
  with?: Assignment[];
}

export interface Assignment {
  part: Part;
  path: Segment[];
  value: unknown;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

export function unwrap(node: ZodNode): ZodNode {
  let n = node;
  for (;;) {
    const d = n._zod.def;
    if (WRAPPERS.has(d.type) && d.innerType) n = d.innerType;
    else if (d.type === 'pipe' && d.in) n = d.in;
    else return n;
  }
}

/** Whether a field may be left out (optional, or filled by a default). */
export function omittable(node: ZodNode): boolean {
  let n = node;
  for (;;) {
    const d = n._zod.def;
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') return true;
    if (WRAPPERS.has(d.type) && d.innerType) n = d.innerType;
    else if (d.type === 'pipe' && d.in) n = d.in;
    else return false;
  }
}

export function schemaOf(e: Endpoint, part: Part): ZodNode | undefined {
  const s = part === 'params' ? e.params : part === 'query' ? e.query : e.rawBody ? undefined : e.body;
  return s as unknown as ZodNode | undefined;
}

/** Every position of a route that names an object: path parameters, query and body fields. */
export function positionsOf(e: Endpoint): Position[] {
  const out: Position[] = [];
  const walk = (node: ZodNode, part: Part, path: Segment[], name: string, optional: boolean) => {
    const n = unwrap(node);
    const d = n._zod.def;
    const opt = optional || omittable(node);
    if (d.type === 'object' && d.shape) {
      for (const [key, child] of Object.entries(d.shape)) walk(child, part, [...path, key], key, opt);
    } else if (d.type === 'array' && d.element) {
      walk(d.element, part, [...path, 0], name, true);
    } else if (d.type === 'string' && name !== '' && isPosition(e, part, name)) {
      out.push({ part, path, name, kind: kindOf(e, part, name), optional: opt });
    } else if (d.type === 'string' && name === '' && path.length > 0) {
      // The elements of an array body (`[groupId, …]`): ids of what the route's path names.
      out.push({ part, path, name, kind: kindOf(e, part, ''), optional: opt });
    }
  };
  for (const part of ['params', 'query', 'body'] as const) {
    const s = schemaOf(e, part);
    if (s) walk(s, part, [], '', false);
  }
  out.push(...cataloguePositions(e));
  return out;
}

/**
 * Positions that no schema shows because the kind of a value depends on a catalogue: a
 * preference whose value is an area id (`location_id`).
 */
function cataloguePositions(e: Endpoint): Position[] {
  const names = Object.entries(PREFERENCES)
    .filter(([, def]) => def.check === 'location')
    .map(([name]) => name);
  return names.flatMap((name): Position[] => {
    if (e.path === routes.preference.set.path && e.method === routes.preference.set.method)
      return [
        {
          part: 'body',
          path: ['value'],
          name: `value of ${name}`,
          kind: 'location',
          optional: false,
          with: [{ part: 'params', path: ['name'], value: name }],
        },
      ];
    if (e.path === routes.preference.saveAll.path && e.method === routes.preference.saveAll.method)
      return [
        {
          part: 'body',
          path: [0, 'value'],
          name: `value of ${name}`,
          kind: 'location',
          optional: false,
          with: [{ part: 'body', path: [0, 'name'], value: name }],
        },
      ];
    return [];
  });
}
