import type { Catalogue } from './catalogue';

// Typed keys: `t('…')` only accepts keys that exist in the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
