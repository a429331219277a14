import type { Catalogue } from './catalogue';

/** A key of the message catalogue (every language file has the same keys). */
export type MessageKey = keyof Catalogue;

/** A message to translate later, with its interpolation values. */
export interface Message {
  key: MessageKey;
  values?: Record<string, string | number>;
}
