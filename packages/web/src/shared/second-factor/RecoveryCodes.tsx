import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveTextFile } from '../download/download-file';
import { CopyTextButton } from '../ui/CopyButtons';

const FILE_NAME = 'perch-recovery-codes.txt';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** Who the codes are for, written into the downloaded file. */
  account: string;
}

/** A fresh set of recovery codes, shown once: listed, with copy and download. */
export function RecoveryCodes({ codes, account }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('recoveryCodesShownOnce')}
      </Alert>
      <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
        <List
          aria-label={t('recoveryCodesListLabel')}
          listStyleType="none"
          spacing={4}
          styles={{ root: { columns: 2, columnGap: 'var(--mantine-spacing-lg)', paddingInlineStart: 0 } }}
        >
          {codes.map((code) => (
            <List.Item key={code}>
              <Text ff="monospace" fz="md" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {code}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="xs">
        <CopyTextButton value={text} label={t('recoveryCodesCopy')} copiedLabel={t('recoveryCodesCopied')} />
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            saveTextFile(
              `${t('recoveryCodesFileHeading', { account })}\n\n${text}\n`,
              FILE_NAME,
              'text/plain;charset=utf-8',
            )
          }
        >
          {t('recoveryCodesDownload')}
        </Button>
      </Group>
    </Stack>
  );
}
