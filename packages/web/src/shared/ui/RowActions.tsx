import { Box, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from './RowAction';

interface RowActionsProps {
  /** What the row is, for the buttons' names: "Edit Desk 4", "Delete Desk 4". */
  name: string;
  /** Edit: the editor's address, or what to do. */
  onEdit?: string | (() => void);
  /** The edit button says "Rename" (the row has nothing else to edit). */
  rename?: boolean;
  onDelete?: () => void;
  /** Without `onDelete`, keeps its place empty so the edit buttons of all rows stay in one column. */
  keepDeleteSlot?: boolean;
  /** More actions, before edit and delete. */
  children?: ReactNode;
}

/**
 * The last cell of a table row: its icon buttons, each named after the row. A click in the cell
 * stays there, so it does not also open the row.
 */
export function RowActions({
  name,
  onEdit,
  rename = false,
  onDelete,
  keepDeleteSlot = false,
  children,
}: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Table.Td onClick={(event) => event.stopPropagation()}>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
        {onEdit && (
          <RowAction
            label={t(rename ? 'renameNamed' : 'editNamed', { name })}
            Icon={IconPencil}
            {...(typeof onEdit === 'string' ? { to: onEdit } : { onClick: onEdit })}
          />
        )}
        {onDelete ? (
          <RowAction label={t('deleteNamed', { name })} Icon={IconTrash} danger onClick={onDelete} />
        ) : (
          keepDeleteSlot && <Box w={28} aria-hidden />
        )}
      </Group>
    </Table.Td>
  );
}

/** The header cell above the row actions, named for screen readers only. */
export function RowActionsHeader({ width }: { width?: number }) {
  const { t } = useTranslation();
  return (
    <Table.Th w={width}>
      <VisuallyHidden>{t('actions')}</VisuallyHidden>
    </Table.Th>
  );
}
