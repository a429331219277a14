import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/ui/use-page-title';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('resetPasswordTitle'));
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('resetPasswordTitle')}
      </Title>
      <Text c="dimmed">{t('resetPasswordBody')}</Text>
      <Anchor component={Link} to="/login" fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />
        {t('backToSignIn')}
      </Anchor>
    </Stack>
  );
}
