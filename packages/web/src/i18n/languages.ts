/** The languages Perch speaks, each listed by its own name (endonym), sorted as users scan them. */
export const LANGUAGES = [
  { code: 'de', name: 'Deutsch' },
  { code: 'et', name: 'Eesti' },
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'hu', name: 'Magyar' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'Polski' },
  { code: 'pt', name: 'Português' },
  { code: 'ro', name: 'Română' },
  { code: 'he', name: 'עברית' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'perch.language';

const RTL_LANGUAGES: ReadonlySet<LanguageCode> = new Set(['he']);

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

export function textDirection(language: LanguageCode): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** Maps a BCP 47 tag such as `de-AT` or `pt-BR` to a language we have, if any. */
export function supportedLanguageOf(tag: string): LanguageCode | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  // Browsers may still report the old ISO code for Hebrew.
  const normalised = primary === 'iw' ? 'he' : primary;
  return isLanguageCode(normalised) ? normalised : null;
}

/** The stored choice wins; otherwise the first browser language we support; otherwise English. */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageCode {
  if (stored && isLanguageCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = supportedLanguageOf(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
