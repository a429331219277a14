import { ActionIcon, Badge, Box, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconDeviceFloppy,
  IconGridDots,
  IconHandStop,
  IconMaximize,
  IconPointer,
  IconSquarePlus,
  IconZoomIn,
  IconZoomOut,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';
import type { EditorTool } from './keyboard';

const TOOLS: { tool: EditorTool; label: MessageKey; Icon: Icon }[] = [
  { tool: 'select', label: 'toolSelect', Icon: IconPointer },
  { tool: 'add', label: 'toolDraw', Icon: IconSquarePlus },
  { tool: 'pan', label: 'toolPan', Icon: IconHandStop },
];

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

interface EditorToolbarProps {
  tool: EditorTool;
  onTool: (tool: EditorTool) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  snapToGrid: boolean;
  onSnapToGrid: (on: boolean) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  changeCount: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <div role="group" aria-label={t('editorTools')}>
          <Button.Group>
            {TOOLS.map(({ tool, label, Icon }) => (
              <Button
                key={tool}
                variant={props.tool === tool ? 'filled' : 'default'}
                aria-pressed={props.tool === tool}
                aria-label={t(label)}
                onClick={() => props.onTool(tool)}
                px="sm"
              >
                <Icon size={16} aria-hidden />
                <Box component="span" ms={6} visibleFrom="sm">
                  {t(label)}
                </Box>
              </Button>
            ))}
          </Button.Group>
        </div>
        <Group gap={6} wrap="nowrap">
          <IconButton label={t('undo')} onClick={props.onUndo} disabled={!props.canUndo}>
            <IconArrowBackUp size={18} aria-hidden className="mirror-in-rtl" />
          </IconButton>
          <IconButton label={t('redo')} onClick={props.onRedo} disabled={!props.canRedo}>
            <IconArrowForwardUp size={18} aria-hidden className="mirror-in-rtl" />
          </IconButton>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconButton label={t('zoomOut')} onClick={props.onZoomOut}>
            <IconZoomOut size={18} aria-hidden />
          </IconButton>
          <IconButton label={t('zoomIn')} onClick={props.onZoomIn}>
            <IconZoomIn size={18} aria-hidden />
          </IconButton>
          <IconButton label={t('fitToScreen')} onClick={props.onFit}>
            <IconMaximize size={18} aria-hidden />
          </IconButton>
          <Tooltip label={t('snapToGrid')}>
            <ActionIcon
              variant={props.snapToGrid ? 'light' : 'default'}
              size="lg"
              aria-label={t('snapToGrid')}
              aria-pressed={props.snapToGrid}
              onClick={() => props.onSnapToGrid(!props.snapToGrid)}
            >
              <IconGridDots size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap" ms="auto">
        <VisuallyHidden aria-live="polite">
          {props.changeCount > 0 ? t('unsavedChangeCount', { count: props.changeCount }) : ''}
        </VisuallyHidden>
        <Button
          variant="subtle"
          color="gray"
          onClick={props.onDiscard}
          disabled={props.changeCount === 0 || props.saving}
        >
          {t('discardChanges')}
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          rightSection={
            props.changeCount > 0 ? (
              <Badge size="sm" circle={props.changeCount < 10} color="white" c="blue.9" aria-hidden>
                {props.changeCount}
              </Badge>
            ) : undefined
          }
          onClick={props.onSave}
          loading={props.saving}
          disabled={props.changeCount === 0}
        >
          {t('saveFloorPlan')}
        </Button>
      </Group>
    </Group>
  );
}
