import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedInSession } from '../../app/session/session-context';
import { adminSections } from '../../app/shell/navigation-items';
import { AdminPage } from './ui/AdminPage';

/** The administration start page: one card per screen this admin may open. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const idPrefix = useId();
  return (
    <AdminPage
      title={t('navAdministration')}
      description={t('adminHomeIntro', { org: user.organization.name })}
      trail={[]}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {adminSections(user).map(({ to, label, description, Icon }) => (
          <Card
            key={to}
            component={Link}
            to={to}
            withBorder
            radius="lg"
            padding="lg"
            aria-labelledby={`${idPrefix}-${to}-title`}
            aria-describedby={`${idPrefix}-${to}-text`}
            style={{ textDecoration: 'none' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light">
                <Icon size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <IconChevronRight size={18} aria-hidden className="mirror-in-rtl" style={{ opacity: 0.5 }} />
            </Group>
            <Title order={2} fz="h4" mt="md" id={`${idPrefix}-${to}-title`}>
              {t(label)}
            </Title>
            <Text c="dimmed" fz="sm" mt={4} id={`${idPrefix}-${to}-text`}>
              {t(description)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
