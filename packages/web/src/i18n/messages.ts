import type en from './en.json';

/** A key of the message catalogue (every language file has the same keys). */
export type MessageKey = keyof typeof en;

/** A message to translate later, with its interpolation values. */
export interface Message {
  key: MessageKey;
  values?: Record<string, string | number>;
}
