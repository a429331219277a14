import { Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WikiNotice } from './WikiNotice';

/** `/login/confluence/anonymous`: a visitor the wiki has not signed in, where the organisation books only for signed-in ones. */
export function WikiAnonymousPage() {
  const { t } = useTranslation();
  return (
    <WikiNotice icon={<IconUserQuestion size={26} />} title={t('wikiAnonymousTitle')}>
      <Text>{t('wikiAnonymousBody')}</Text>
    </WikiNotice>
  );
}
