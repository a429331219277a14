/**
 * Building blocks of the fuzz suite (`http/fuzz.test.ts`): a seeded PRNG, nasty values, a
 * JSON-schema-driven generator of valid-looking values and their mutations, a JSON writer that
 * can emit what `JSON.stringify` cannot (raw tokens, duplicate keys, invalid UTF-8), URL
 * encoding of anything (lone surrogates too) and an HTTP request that never hangs. The code
 * lives in `fuzz/`, one module per responsibility; this entry re-exports its public names.
 */

export { Rng } from './fuzz/rng.js';
export { Entries, RawBytes, RawJson, show, writeJson } from './fuzz/json.js';
export {
  BAD_DATES,
  BAD_ZONES,
  badId,
  deepJson,
  LONG,
  nastyNumber,
  nastyString,
  NASTY_STRINGS,
  wrongType,
} from './fuzz/values.js';
export { schemaType, type JsonSchema } from './fuzz/schema.js';
export {
  badValue,
  edgeValue,
  OMIT,
  pathLabel,
  replaceAt,
  slotsOf,
  validValue,
  type Hints,
  type Slot,
} from './fuzz/generate.js';
export { RAW_URL_PARTS, RawUrl, urlEncode } from './fuzz/url.js';
export { pool, send, type FuzzRequest, type FuzzResponse } from './fuzz/http.js';
export { operationsOf, type Operation, type Param } from './fuzz/openapi.js';
export { hostileSvg, imageLikeBytes } from './fuzz/image-bytes.js';
export { buildCase, type CaseContext, type FuzzCase } from './fuzz/case.js';
