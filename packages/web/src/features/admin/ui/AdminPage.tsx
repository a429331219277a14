import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';

interface Crumb {
  label: string;
  to: string;
}

interface AdminPageProps {
  title: string;
  description?: string;
  /** Links above the title, from the administration start page down to the parent of this page. */
  trail?: Crumb[];
  /** Buttons beside the title (New …, Delete …). */
  actions?: ReactNode;
  /** Shown after the title on the same line (a status badge). */
  titleAside?: ReactNode;
  children: ReactNode;
}

/** The frame of an administration screen: where you are, what it is, what you can do. */
export function AdminPage({ title, description, trail = [], actions, titleAside, children }: AdminPageProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  const crumbs = [{ label: t('navAdministration'), to: '/admin' }, ...trail];
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs separatorMargin={6} aria-label={t('breadcrumbs')} fz="sm">
          {crumbs.map((crumb) => (
            <Anchor key={crumb.to} component={Link} to={crumb.to} fz="sm">
              {crumb.label}
            </Anchor>
          ))}
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" align="center" wrap="nowrap" miw={0}>
            <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {titleAside}
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
