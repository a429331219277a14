import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the stored session is checked (SPEC §2: the shell shows a loading state). */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}

/** Shown inside the layout while a page's code is fetched. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}
