import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { perchAppUrl } from '../../shared/account-merge/perch-address';

interface WikiNoticeProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Offer the web app in a new tab (with a Perch account of one's own). */
  offerNewTab?: boolean;
}

/** A page of the embedded mode that explains what to do in the team wiki. */
export function WikiNotice({ icon, title, children, offerNewTab = true }: WikiNoticeProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
      {offerNewTab && (
        <Stack gap={6}>
          <Text fz="sm" c="dimmed">
            {t('wikiOwnAccountHint')}
          </Text>
          <Button
            component="a"
            href={perchAppUrl('/login')}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            fullWidth
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('openPerchInNewTab')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
