import { Button, ColorInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { buddiesEnabled } from '../../../app/session/session-data';
import {
  partialMaxHoursFrom,
  STATUS_COLOR,
  STATUS_ORDER,
  type SpaceStatus,
} from '../../../shared/space-status/space-status';
import { STATUS_LABEL } from '../../../shared/space-status/StatusIcon';
import { StatusSwatch } from '../../../shared/space-status/StatusLegend';
import type { PreferenceName } from '../preference-form';
import type { PreferenceTabProps } from './tab-props';

/** The six booking colours of the map and the list, with a reset to the defaults. */
export function ColoursTab({ values, errors, set }: PreferenceTabProps) {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  const shown = STATUS_ORDER.filter(
    (s) => (s !== 'buddy' || buddiesEnabled(settings)) && (s !== 'partial' || partialMaxHoursFrom(settings) !== null),
  );
  const colors = Object.fromEntries(
    STATUS_ORDER.map((s) => [s, values[STATUS_COLOR[s].pref as PreferenceName]]),
  ) as Record<SpaceStatus, string>;
  return (
    <Stack gap="lg" maw={720}>
      <Text c="dimmed" fz="sm">
        {t('coloursHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {shown.map((status) => {
          const name = STATUS_COLOR[status].pref as PreferenceName;
          return (
            <ColorInput
              key={status}
              label={t(STATUS_LABEL[status])}
              value={values[name]}
              onChange={(v) => set(name, v)}
              format="hex"
              swatches={[STATUS_COLOR[status].fallback]}
              leftSection={<StatusSwatch status={status} colors={colors} />}
              leftSectionWidth={40}
              eyeDropperButtonProps={{ 'aria-label': t('pickColourFromScreen') }}
              error={errors[name] && t(errors[name])}
            />
          );
        })}
      </SimpleGrid>
      <Group>
        <Button
          variant="default"
          leftSection={<IconRestore size={16} aria-hidden />}
          onClick={() =>
            STATUS_ORDER.forEach((s) => set(STATUS_COLOR[s].pref as PreferenceName, STATUS_COLOR[s].fallback))
          }
        >
          {t('resetColours')}
        </Button>
      </Group>
    </Stack>
  );
}
