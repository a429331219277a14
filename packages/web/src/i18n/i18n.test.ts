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
const englishKeys = Object.keys(english).sort();

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
    expect(Object.keys(catalogue(code)).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES.map((l) => l.code))('%s uses the same interpolation variables per key as English', (code) => {
    const messages = catalogue(code);
    const mismatches = englishKeys.filter(
      (key) => placeholders(messages[key] ?? '').join(',') !== placeholders(english[key] ?? '').join(','),
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
