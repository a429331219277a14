import type { Catalogue } from './catalogue';

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** `errorDaysAdvance` for `errorDaysAdvance_one`, `errorDaysAdvance_other` …: what `t()` takes with a `count`. */
type PluralBase<K> = K extends `${infer Base}_${PluralSuffix}` ? Base : never;

/**
 * A key of the message catalogue (every language file has the same keys), plural families by
 * their base name (translated with a `count` among the values).
 */
export type MessageKey = keyof Catalogue | PluralBase<keyof Catalogue>;

/** A message to translate later, with its interpolation values. */
export interface Message {
  key: MessageKey;
  values?: Record<string, string | number>;
}
