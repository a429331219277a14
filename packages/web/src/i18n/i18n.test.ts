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
