/**
 * JSON schema (the subset the OpenAPI document of the server uses): its type and the helpers
 * that read a schema's type and enumerated values, shared by the value pools and the generator.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export function schemaType(s: JsonSchema): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  const alt = s.anyOf ?? s.oneOf;
  if (alt && alt.length) return schemaType(alt[0]!);
  if (s.enum?.length) return typeof s.enum[0];
  return undefined;
}

export function enumOf(s: JsonSchema): unknown[] | undefined {
  if (s.enum) return s.enum;
  const alt = s.anyOf ?? s.oneOf;
  if (alt && alt.every((a) => a.enum)) return alt.flatMap((a) => a.enum!);
  return undefined;
}
