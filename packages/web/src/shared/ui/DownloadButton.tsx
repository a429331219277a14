import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';

type DownloadButtonProps = ButtonProps &
  Pick<ComponentPropsWithoutRef<'button'>, 'onClick' | 'type'> & {
    /** "Download CSV" unless the file is something else. */
    label?: string;
  };

/** Offers a list or report as a file. */
export function DownloadButton({ label, ...button }: DownloadButtonProps) {
  const { t } = useTranslation();
  return (
    <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} {...button}>
      {label ?? t('downloadCsv')}
    </Button>
  );
}
