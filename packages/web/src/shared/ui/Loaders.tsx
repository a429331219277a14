import { Center, Loader, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the stored session is checked: the shell shows a loading state, never a blank page. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}

/** Shown inside the layout while a page's code or data is fetched; smaller blocks give their own room. */
export function PageLoader({ py = 80, h }: { py?: MantineSpacing; h?: number }) {
  const { t } = useTranslation();
  return (
    <Center py={h === undefined ? py : undefined} h={h}>
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}
