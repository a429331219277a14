import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../i18n';

// Month and weekday names of the date pickers, fetched only for the language in use.
const LOADERS: Record<Exclude<LanguageCode, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  et: () => import('dayjs/locale/et'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  he: () => import('dayjs/locale/he'),
  hu: () => import('dayjs/locale/hu'),
  it: () => import('dayjs/locale/it'),
  nl: () => import('dayjs/locale/nl'),
  pl: () => import('dayjs/locale/pl'),
  pt: () => import('dayjs/locale/pt'),
  ro: () => import('dayjs/locale/ro'),
};

/** The dayjs locale of the current language, once its names are loaded ('en' until then). */
export function useDayjsLocale(): string {
  const { i18n } = useTranslation();
  const language = i18n.language as LanguageCode;
  const [loaded, setLoaded] = useState<string>('en');
  useEffect(() => {
    if (language === 'en' || !(language in LOADERS)) {
      setLoaded('en');
      return;
    }
    let cancelled = false;
    void LOADERS[language as Exclude<LanguageCode, 'en'>]().then(() => {
      if (!cancelled) setLoaded(language);
    });
    return () => {
      cancelled = true;
    };
  }, [language]);
  return loaded;
}
