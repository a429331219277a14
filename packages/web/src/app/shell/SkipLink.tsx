import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** Lets keyboard users jump past the header and navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skipLink}>
      {t('skipToContent')}
    </a>
  );
}
