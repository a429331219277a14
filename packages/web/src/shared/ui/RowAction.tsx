import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';

interface RowActionProps {
  /** Accessible name, and the tooltip unless `tooltip` is given, e.g. "Delete Desk 4". */
  label: string;
  /** A shorter tooltip where the row already says what it is about ("Rename"). */
  tooltip?: string;
  Icon: Icon;
  /** Red, for actions that remove something. */
  danger?: boolean;
  /** A link instead of a button. */
  to?: string;
  loading?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** An icon button at the end of a table row or list item (edit, delete …), named and explained by a tooltip. */
export function RowAction({ label, tooltip, Icon, danger = false, to, loading, onClick }: RowActionProps) {
  const icon = <Icon size={18} aria-hidden />;
  return (
    <Tooltip label={tooltip ?? label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon
          variant="subtle"
          color={danger ? 'red' : undefined}
          aria-label={label}
          loading={loading}
          onClick={onClick}
        >
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
