import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';

interface RowActionProps {
  /** Tooltip and accessible name, e.g. "Delete Desk 4". */
  label: string;
  Icon: Icon;
  /** Red, for actions that remove something. */
  danger?: boolean;
  /** A link instead of a button. */
  to?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** An icon button at the end of a table row (edit, delete …), named and explained by a tooltip. */
export function RowAction({ label, Icon, danger = false, to, onClick }: RowActionProps) {
  const icon = <Icon size={18} aria-hidden />;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={danger ? 'red' : undefined} aria-label={label} onClick={onClick}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
