import { ActionIcon, Button, CopyButton, Tooltip, type ButtonProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface CopyProps {
  value: string;
  /** What the button does before it is pressed ("Copy link"). */
  label: string;
  /** What it says once the value is on the clipboard; "Copied" unless the language needs another form. */
  copiedLabel?: string;
  /** How long, in milliseconds, it says so. */
  timeout?: number;
}

/** An icon button that puts `value` on the clipboard; its tooltip and name say what it copies. */
export function CopyIconButton({
  value,
  label,
  copiedLabel,
  timeout,
  iconSize = 16,
}: CopyProps & { iconSize?: number }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={timeout}>
      {({ copied, copy }) => {
        const name = copied ? (copiedLabel ?? t('copied')) : label;
        return (
          <Tooltip label={name} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={name}>
              {copied ? <IconCheck size={iconSize} aria-hidden /> : <IconCopy size={iconSize} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        );
      }}
    </CopyButton>
  );
}

/** A labelled button that puts `value` on the clipboard and turns green for a moment. */
export function CopyTextButton({
  value,
  label,
  copiedLabel,
  timeout,
  variant = 'default',
  size = 'xs',
}: CopyProps & Pick<ButtonProps, 'variant' | 'size'>) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={timeout}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'light' : variant}
          color={copied ? 'teal' : undefined}
          size={size}
          onClick={copy}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        >
          {copied ? (copiedLabel ?? t('copied')) : label}
        </Button>
      )}
    </CopyButton>
  );
}
