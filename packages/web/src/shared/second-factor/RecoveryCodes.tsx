import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const FILE_NAME = 'perch-recovery-codes.txt';

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? t('recoveryCodesCopied') : t('recoveryCodesCopy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadText(`${t('recoveryCodesFileHeading', { account })}\n\n${text}\n`, FILE_NAME)}
        >
          {t('recoveryCodesDownload')}
        </Button>
      </Group>
    </Stack>
  );
}
