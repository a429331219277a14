import { ActionIcon, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import {
  IconLayoutAlignBottom,
  IconLayoutAlignCenter,
  IconLayoutAlignLeft,
  IconLayoutAlignMiddle,
  IconLayoutAlignRight,
  IconLayoutAlignTop,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';
import type { DraftSpace } from './draft-space';
import type { AlignEdge } from './geometry';
import { SelectionActions } from './SelectionActions';

const ALIGNMENTS: { edge: AlignEdge; label: MessageKey; Icon: Icon }[] = [
  { edge: 'left', label: 'alignLeft', Icon: IconLayoutAlignLeft },
  { edge: 'centerX', label: 'alignCenter', Icon: IconLayoutAlignCenter },
  { edge: 'right', label: 'alignRight', Icon: IconLayoutAlignRight },
  { edge: 'top', label: 'alignTop', Icon: IconLayoutAlignTop },
  { edge: 'centerY', label: 'alignMiddle', Icon: IconLayoutAlignMiddle },
  { edge: 'bottom', label: 'alignBottom', Icon: IconLayoutAlignBottom },
];

interface SelectionPanelProps {
  spaces: readonly DraftSpace[];
  onAlign: (edge: AlignEdge) => void;
  onEdit: (edit: Partial<Omit<DraftSpace, 'key' | 'id'>>) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** The side panel for several selected spaces: line them up, switch them together, copy or remove. */
export function SelectionPanel({ spaces, onAlign, onEdit, onDuplicate, onDelete }: SelectionPanelProps) {
  const { t } = useTranslation();
  const allEnabled = spaces.every((s) => s.enabled);
  const someEnabled = spaces.some((s) => s.enabled);
  const allRequireSubject = spaces.every((s) => s.requireSubject);
  return (
    <Stack gap="md">
      <Title order={2} fz="h5">
        {t('spacesSelected', { count: spaces.length })}
      </Title>
      <div>
        <Text fz="sm" fw={500} mb={6}>
          {t('align')}
        </Text>
        <Group gap={4}>
          {ALIGNMENTS.map(({ edge, label, Icon }) => (
            <Tooltip key={edge} label={t(label)}>
              <ActionIcon variant="default" size="lg" aria-label={t(label)} onClick={() => onAlign(edge)}>
                <Icon size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      </div>
      <Switch
        label={t('spaceBookable')}
        description={!allEnabled && someEnabled ? t('someSpacesBookable') : undefined}
        checked={allEnabled}
        onChange={(e) => onEdit({ enabled: e.currentTarget.checked })}
      />
      <Switch
        label={t('requireSubject')}
        checked={allRequireSubject}
        onChange={(e) => onEdit({ requireSubject: e.currentTarget.checked })}
      />
      <SelectionActions onDuplicate={onDuplicate} onDelete={onDelete} />
    </Stack>
  );
}
