import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

interface SaveBarProps {
  changeCount: number;
  invalid: boolean;
  saving: boolean;
  failure: string | null;
  onDiscard: () => void;
}

/** Stays at the bottom of the window while the settings scroll by: what is unsaved, and the save button. */
export function SaveBar({ changeCount, invalid, saving, failure, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  const dirty = changeCount > 0;
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      shadow={dirty ? 'md' : undefined}
      // Follows the window only while there is something to save.
      style={dirty || failure ? { position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 5 } : undefined}
    >
      {failure && (
        <ErrorAlert title={t('settingsNotSaved')} mb="sm">
          {failure}
        </ErrorAlert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" c={invalid ? 'red.8' : dirty ? undefined : 'dimmed'} aria-live="polite">
          {invalid
            ? t('settingsFixProblems')
            : dirty
              ? t('unsavedChangeCount', { count: changeCount })
              : t('settingsAllSaved')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {dirty && (
            <Button variant="default" onClick={onDiscard} disabled={saving}>
              {t('discardChanges')}
            </Button>
          )}
          <Button
            type="submit"
            loading={saving}
            disabled={!dirty || invalid}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('saveSettings')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
