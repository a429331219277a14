import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorAlertProps extends Omit<AlertProps, 'color' | 'icon' | 'variant' | 'children'> {
  /** The snug look inside a card, a dialog or a sign-in form; the default stands out on a page. */
  compact?: boolean;
  children: ReactNode;
}

/** Says what went wrong, announced to screen readers as it appears. */
export function ErrorAlert({ compact = false, children, ...alert }: ErrorAlertProps) {
  return (
    <Alert
      color="red"
      role="alert"
      variant={compact ? 'light' : undefined}
      icon={compact ? <IconAlertCircle size={18} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />}
      {...alert}
    >
      {children}
    </Alert>
  );
}
