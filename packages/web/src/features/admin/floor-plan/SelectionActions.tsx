import { Button, Group } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Under the inspector of the selected space or spaces: duplicate them or delete them. */
export function SelectionActions({ onDuplicate, onDelete }: { onDuplicate: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" grow>
      <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={onDuplicate}>
        {t('duplicate')}
      </Button>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
        {t('delete')}
      </Button>
    </Group>
  );
}
