import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { filesOf } from './catalogue';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, pickLanguage, textDirection, type LanguageCode } from './languages';

export * from './languages';
export type { Message, MessageKey } from './messages';

type Messages = Record<string, string>;

// One chunk per catalogue file, fetched only when its language is used.
const catalogueLoaders = import.meta.glob<Messages>(['./*.json', './*/*.json'], { import: 'default' });

async function loadCatalogue(language: LanguageCode): Promise<Messages> {
  const files = filesOf(Object.keys(catalogueLoaders), language);
  if (files.length === 0) throw new Error(`No messages for language ${language}`);
  const parts = await Promise.all(files.map((f) => catalogueLoaders[f]!()));
  return Object.assign({}, ...parts) as Messages;
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyToDocument(language: LanguageCode): void {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

async function ensureLoaded(instance: I18n, language: LanguageCode): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return;
  instance.addResourceBundle(language, 'translation', await loadCatalogue(language));
}

/** Starts i18next with the language the user chose before, or the browser's, or English. */
export async function initI18n(): Promise<I18n> {
  const language = pickLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await loadCatalogue(language) } },
    interpolation: { escapeValue: false },
  });
  applyToDocument(language);
  return i18next;
}

/** Switches the language, remembers the choice and updates `<html lang dir>`. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  await ensureLoaded(i18next, language);
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
  applyToDocument(language);
}

export function currentLanguage(): LanguageCode {
  return pickLanguage(i18next.resolvedLanguage ?? i18next.language ?? DEFAULT_LANGUAGE, []);
}
