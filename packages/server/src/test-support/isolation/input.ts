import { randomUUID } from 'node:crypto';
import type { Endpoint } from '@perch/contract';
import { wall } from '../bookings.js';
import { omittable, schemaOf, unwrap, type Assignment, type Part, type Segment, type ZodNode } from './positions.js';

/**
 * Building an otherwise valid request around chosen ids: plausible values for every field that
 * is not an id position, and params, query and body that the route's schemas accept with the
 * given values at their positions.
 */

const ZONE = 'Europe/Berlin';

/** Values for fields that are not id positions, by `group.field` first, then by field name. */
function hint(e: Endpoint, name: string): string | undefined {
  const byRoute: Record<string, string> = {
    // A setting and a preference that exist and keep their default value.
    'setting.name': 'enable_max_hours_before_delete',
    'setting.value': '0',
    'preference.name': 'use_24_hour_time',
    'preference.value': '1',
    // An OAuth 2 provider names an issuer (or endpoints), scopes and a client (see FILLED_OPTIONALS).
    'authProvider.issuer': 'https://matrix.example/issuer',
    'authProvider.scopes': 'openid',
    'authProvider.clientId': 'matrix',
    'authProvider.clientSecret': 'matrix-secret',
    // The days of the check-in statistics per day (`YYYY-MM-DD`).
    'stats.from': wall(ZONE, -7, 0).slice(0, 10),
    'stats.to': wall(ZONE, 0, 0).slice(0, 10),
  };
  const byName: Record<string, string> = {
    enter: wall(ZONE, 3, 9),
    leave: wall(ZONE, 3, 10),
    start: wall(ZONE, -1, 0),
    end: wall(ZONE, 7, 0),
    email: 'matrix.probe@globex.example',
    password: 'Valid!pass1',
    newPassword: 'Valid!pass2',
    timezone: ZONE,
    name: 'Matrix Probe',
    label: 'Matrix Probe',
    firstname: 'Matrix',
    lastname: 'Probe',
    description: 'probe',
    subject: 'probe',
    value: '1',
    refreshToken: 'matrix-probe-refresh-token',
    code: '123456',
  };
  return byRoute[`${e.group}.${name}`] ?? byName[name];
}

const key = (part: Part, path: Segment[]) => [part, ...path].join('.');

/**
 * Optional fields a route's own rules require together (a refinement across fields): they are
 * filled in from the hints, by `group.route`.
 */
const FILLED_OPTIONALS: Record<string, readonly string[]> = {
  'authProvider.create': ['issuer', 'scopes', 'clientId', 'clientSecret'],
  'authProvider.update': ['issuer', 'scopes', 'clientId', 'clientSecret'],
};
const filledOptional = (e: Endpoint, path: Segment[], field: string) =>
  path.length === 0 && (FILLED_OPTIONALS[`${e.group}.${e.name}`]?.includes(field) ?? false);

/**
 * Builds the params, query and body of a request to `e` that its schemas accept, with the
 * given values at their positions. Optional fields are left out unless a value is assigned
 * inside them; arrays get one element when a value is assigned inside, else none.
 */
export function buildInput(
  e: Endpoint,
  assignments: readonly Assignment[],
): { params: Record<string, string>; query: Record<string, string>; body: unknown } {
  const assigned = new Map(assignments.map((a) => [key(a.part, a.path), a.value]));
  const inside = (part: Part, path: Segment[]) => {
    const prefix = key(part, path);
    for (const k of assigned.keys()) if (k === prefix || k.startsWith(`${prefix}.`)) return true;
    return false;
  };
  const build = (node: ZodNode, part: Part, path: Segment[], name: string): unknown => {
    const k = key(part, path);
    if (assigned.has(k)) return assigned.get(k);
    const n = unwrap(node);
    const d = n._zod.def;
    switch (d.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [field, child] of Object.entries(d.shape ?? {}))
          if (
            !omittable(child) ||
            inside(part, [...path, field]) ||
            (part === 'body' && filledOptional(e, path, field))
          )
            out[field] = build(child, part, [...path, field], field);
        return out;
      }
      case 'array':
        return inside(part, path) && d.element ? [build(d.element, part, [...path, 0], name)] : [];
      case 'union':
        return build(d.options![0]!, part, path, name);
      case 'literal':
        return d.values![0];
      case 'enum':
        return Object.values(d.entries!)[0];
      case 'boolean':
        return true;
      case 'number':
        return Number(hint(e, name) ?? 1);
      case 'string': {
        const format = d.format ?? n._zod.bag?.format;
        if (format === 'uuid') return randomUUID();
        if (format === 'datetime') return new Date().toISOString();
        if (format === 'url') return 'https://matrix.example/probe';
        return hint(e, name) ?? 'matrix';
      }
      default:
        throw new Error(`${e.method} ${e.path}: no value generator for a zod ${d.type} at ${k}`);
    }
  };
  const params = (schemaOf(e, 'params') ? build(schemaOf(e, 'params')!, 'params', [], '') : {}) as Record<
    string,
    string
  >;
  const query = (schemaOf(e, 'query') ? build(schemaOf(e, 'query')!, 'query', [], '') : {}) as Record<string, string>;
  const bodySchema = schemaOf(e, 'body');
  const body = bodySchema ? build(bodySchema, 'body', [], '') : undefined;
  for (const [part, value, schema] of [
    ['params', params, schemaOf(e, 'params')],
    ['query', query, schemaOf(e, 'query')],
    ['body', body, bodySchema],
  ] as const) {
    if (!schema) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new Error(
        `${e.method} ${e.path}: the generated ${part} ${JSON.stringify(value)} fails its schema: ${parsed.error?.message}`,
      );
  }
  return { params, query, body };
}
