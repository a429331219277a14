import { describe, expect, it } from 'vitest';
import { filesOf } from './catalogue';
import { LANGUAGES, pickLanguage, supportedLanguageOf, textDirection } from './languages';

const files = import.meta.glob<Record<string, string>>(['./*.json', './*/*.json'], { eager: true, import: 'default' });
const catalogues = Object.fromEntries(Object.entries(files).filter(([path]) => /^\.\/[a-z]{2}\.json$/.test(path)));
const sections = [
  ...new Set(
    Object.keys(files)
      .filter((p) => p.split('/').length === 3)
      .map((p) => p.split('/')[1]!),
  ),
];

/** All messages of a language: the core file merged with every section's file. */
function catalogue(code: string): Record<string, string> {
  const parts = filesOf(Object.keys(files), code).map((f) => files[f]!);
  if (parts.length === 0) throw new Error(`missing ${code}.json`);
  return Object.assign({}, ...parts) as Record<string, string>;
}

/** The `{{name}}` placeholders of a message, sorted, so word order may differ between languages. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

const english = catalogue('en');

/** i18next's plural suffixes: `key_one`, `key_other`, and `_few`, `_many`, `_two` … where a language has them. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A language's keys with each plural family written once as `key_#`, and the suffixes each family
 * has: English writes `_one` and `_other`, every language the categories its plural rules use.
 */
function keyShape(messages: Record<string, string>): { keys: string[]; plurals: Map<string, string[]> } {
  const plurals = new Map<string, string[]>();
  const keys = new Set<string>();
  for (const key of Object.keys(messages)) {
    const m = PLURAL_SUFFIX.exec(key);
    if (!m) {
      keys.add(key);
      continue;
    }
    const base = key.slice(0, m.index);
    keys.add(`${base}_#`);
    plurals.set(base, [...(plurals.get(base) ?? []), m[1]!].sort());
  }
  return { keys: [...keys].sort(), plurals };
}

const pluralCategories = (code: string) => [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort();

/** The English message a key of another language translates (a plural form: English's `_other`). */
function englishFor(key: string): string | undefined {
  return english[key] ?? english[key.replace(PLURAL_SUFFIX, '_other')];
}

describe('message catalogue sections', () => {
  it.each(sections)('%s has one file per offered language', (section) => {
    const langs = Object.keys(files)
      .filter((p) => p.startsWith(`./${section}/`))
      .map((p) => p.split('/')[2]!.replace('.json', ''))
      .sort();
    expect(langs).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it('keeps every English key in exactly one file', () => {
    const owners = new Map<string, string[]>();
    for (const path of filesOf(Object.keys(files), 'en'))
      for (const key of Object.keys(files[path]!)) owners.set(key, [...(owners.get(key) ?? []), path]);
    expect([...owners].filter(([, paths]) => paths.length > 1)).toEqual([]);
  });
});

describe('message catalogues', () => {
  it('has exactly one file per offered language', () => {
    const files = Object.keys(catalogues)
      .map((f) => f.replace(/^\.\/|\.json$/g, ''))
      .sort();
    expect(files).toEqual(LANGUAGES.map((l) => l.code).sort());
    expect(files).toHaveLength(12);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s has the same keys as English', (code) => {
    const shape = keyShape(catalogue(code));
    expect(shape.keys).toEqual(keyShape(english).keys);
    // Each plural family has exactly the forms the language's plural rules ask for.
    const categories = pluralCategories(code);
    for (const [base, forms] of shape.plurals) expect(forms, base).toEqual(categories);
  });

  it('writes English plurals as _one and _other', () => {
    for (const [base, forms] of keyShape(english).plurals) expect(forms, base).toEqual(['one', 'other']);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s uses the same interpolation variables per key as English', (code) => {
    const messages = catalogue(code);
    const mismatches = Object.keys(messages).filter(
      (key) => placeholders(messages[key] ?? '').join(',') !== placeholders(englishFor(key) ?? '').join(','),
    );
    expect(mismatches).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s has no empty messages', (code) => {
    const empty = Object.entries(catalogue(code)).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });
});

/** Placeholders that carry a number (a count, a limit, a range end). */
const NUMBER_PLACEHOLDERS = 'count|num|max|min|hours|days|minutes|numErr|numTotal|total|mb|from|to';
/** A number placeholder and the word right after it: "{{num}} hours" → hours. */
const NUMBER_THEN_WORD = new RegExp(`\\{\\{\\s*(?:${NUMBER_PLACEHOLDERS})\\s*\\}\\}[\\s\\u00a0]+(\\p{L}+)`, 'gu');

/**
 * Words that may follow a number in a message that has no plural forms: they do not change with
 * the number (prepositions, conjunctions, units). Anything else after a number is a noun or an
 * adjective that does, so the message needs plural keys ("1 hour", "2 hours").
 */
const INVARIABLE_AFTER_NUMBER: Record<string, readonly string[]> = {
  en: ['of', 'to', 'more', 'MB'],
  de: ['von', 'bis', 'ein', 'weitere', 'MB'],
  et: ['kuni', 'MB'],
  fr: ['sur', 'de', 'à', 'au', 'Mo'],
  he: ['מתוך', 'ל', 'עד', 'MB'],
  hu: ['és', 'között', 'MB'],
  it: ['su', 'di', 'a', 'al', 'MB'],
  nl: ['van', 'tot', 'in', 'MB'],
  pl: ['z', 'do', 'MB'],
  pt: ['de', 'a', 'MB'],
  ro: ['din', 'la', 'MB'],
  es: ['de', 'a', 'al', 'más', 'MB'],
};

describe('plurals', () => {
  it.each(LANGUAGES.map((l) => l.code))('%s puts no variable word after a number outside plural keys', (code) => {
    const allowed = INVARIABLE_AFTER_NUMBER[code] ?? [];
    const offenders = Object.entries(catalogue(code))
      .filter(([key]) => !PLURAL_SUFFIX.test(key))
      .flatMap(([key, text]) =>
        [...text.matchAll(NUMBER_THEN_WORD)].filter((m) => !allowed.includes(m[1]!)).map((m) => `${key}: …${m[0]}`),
      );
    expect(offenders).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s writes the number of every plural message as {{count}}', (code) => {
    // i18next picks the form by the `count` value; a number under another name would not choose it.
    const messages = catalogue(code);
    const uncounted = Object.keys(messages).filter(
      (key) => PLURAL_SUFFIX.test(key) && !key.endsWith('_one') && !/\{\{\s*count\s*\}\}/.test(messages[key]!),
    );
    expect(uncounted).toEqual([]);
  });

  it('names the forms i18next looks up: "1 hour", "2 hours", and the extra forms of Polish, Romanian and Hebrew', async () => {
    const { createInstance } = await import('i18next');
    const resources = Object.fromEntries(
      ['en', 'pl', 'ro', 'he'].map((code) => [code, { translation: catalogue(code) }]),
    );
    const i18n = createInstance();
    await i18n.init({ resources, lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });
    const max = (lng: string, count: number) => i18n.t('errorMaxBookingDuration', { lng, count });
    expect(max('en', 1)).toBe('The maximum booking duration is 1 hour.');
    expect(max('en', 8)).toBe('The maximum booking duration is 8 hours.');
    expect(max('pl', 1)).toBe('Maksymalny czas rezerwacji to 1 godzina.');
    expect(max('pl', 3)).toBe('Maksymalny czas rezerwacji to 3 godziny.');
    expect(max('pl', 12)).toBe('Maksymalny czas rezerwacji to 12 godzin.');
    expect(max('ro', 12)).toBe('Durata maximă a unei rezervări este de 12 ore.');
    expect(max('ro', 24)).toBe('Durata maximă a unei rezervări este de 24 de ore.');
    expect(max('he', 2)).toBe('משך ההזמנה המרבי הוא 2 שעות.');
  });
});

describe('language choice', () => {
  it('prefers the stored choice', () => {
    expect(pickLanguage('fr', ['de-DE'])).toBe('fr');
  });

  it('falls back to the first supported browser language, then English', () => {
    expect(pickLanguage(null, ['zh-TW', 'pt-BR', 'de'])).toBe('pt');
    expect(pickLanguage('xx', ['ja'])).toBe('en');
  });

  it('understands the legacy Hebrew tag and reports right-to-left for Hebrew only', () => {
    expect(supportedLanguageOf('iw-IL')).toBe('he');
    expect(textDirection('he')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
  });
});
