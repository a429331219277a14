import { Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WikiNotice } from './WikiNotice';

/**
 * In the embedded mode without a session ("integration sign-in required"): the wiki signs
 * people in, so the way back is through the wiki page rather than Perch's sign-in form.
 */
export function WikiSignInRequiredPage() {
  const { t } = useTranslation();
  return (
    <WikiNotice icon={<IconLock size={26} />} title={t('wikiSignInRequiredTitle')}>
      <Text>{t('wikiSignInRequiredBody')}</Text>
    </WikiNotice>
  );
}
