import { List, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../shared/ui/CopyField';
import { wikiSignInAddress } from './wiki-settings';
import { Section } from '../../../shared/ui/Section';

/** What the wiki app needs to know about Perch, each value ready to copy, and the steps to connect. */
export function WikiSetupValues({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <Section gap="lg" labelled="wiki-setup" title={t('wikiSetupTitle')} intro={t('wikiSetupIntro')}>
      <List type="ordered" spacing={6} fz="sm">
        <List.Item>{t('wikiSetupStepSecret')}</List.Item>
        <List.Item>{t('wikiSetupStepValues')}</List.Item>
        <List.Item>{t('wikiSetupStepOrigins')}</List.Item>
      </List>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <CopyField label={t('wikiPerchAddress')} value={origin} />
        <CopyField label={t('wikiOrganizationId')} value={organizationId} />
      </SimpleGrid>
      <CopyField
        label={t('wikiSignInAddress')}
        value={wikiSignInAddress(origin, organizationId)}
        description={t('wikiSignInAddressHint')}
      />
    </Section>
  );
}
