import '@mantine/dates/styles.css';
import { Alert, Button, Group, Paper, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBell, IconCalendarCog, IconClock, IconLock, IconPalette } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../app/session/session-context';
import { PageLayout } from '../../shared/ui/PageLayout';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { useSavePreferences } from './api/preference-queries';
import { useBarClearance } from './use-bar-clearance';
import {
  changedPreferences,
  initialValues,
  validatePreferences,
  type PreferenceName,
  type PreferenceValues,
} from './preference-form';
import { BookingTab } from './tabs/BookingTab';
import { CalendarsTab } from './tabs/CalendarsTab';
import { ColoursTab } from './tabs/ColoursTab';
import { DisplayTab } from './tabs/DisplayTab';
import { SecurityTab } from './tabs/SecurityTab';

const TABS = [
  { value: 'booking', label: 'prefTabBooking', Icon: IconCalendarCog },
  { value: 'display', label: 'prefTabDisplay', Icon: IconClock },
  { value: 'colours', label: 'prefTabColours', Icon: IconPalette },
  { value: 'calendars', label: 'prefTabCalendars', Icon: IconBell },
  { value: 'security', label: 'prefTabSecurity', Icon: IconLock },
] as const;

type TabName = (typeof TABS)[number]['value'];

/** Pixels between the sticky save bar and the bottom of the window. */
const SAVE_BAR_BOTTOM = 8;

/**
 * The user's preferences in tabs; one form and one Save for all of them (security, the CalDAV
 * calendar and the calendar feed act at once).
 */
export function PreferencesPage() {
  const { t } = useTranslation();
  const { preferences } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const [params, setParams] = useSearchParams();
  const tab: TabName = TABS.some((x) => x.value === params.get('tab')) ? (params.get('tab') as TabName) : 'booking';
  const [values, setValues] = useState<PreferenceValues>(() => initialValues(preferences));
  const [tried, setTried] = useState(false);
  const save = useSavePreferences();
  const errors = useMemo(() => validatePreferences(values), [values]);
  const changes = changedPreferences(preferences, values);
  const shownErrors = tried ? errors : Object.fromEntries(Object.entries(errors).filter(([n]) => n !== 'workdays'));
  const set = (name: PreferenceName, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length > 0 || changes.length === 0) return;
    try {
      await save.mutateAsync(changes);
      notifications.show({ color: 'teal', message: t('preferencesSaved') });
    } catch {
      // Shown below.
    }
  };

  const tabProps = { values, errors: shownErrors, set };
  // The save bar sticks to the bottom of the window; fields scrolled to or focused stay above it.
  const saveBar = useBarClearance<HTMLDivElement>(SAVE_BAR_BOTTOM);
  const invalid = tried && Object.keys(errors).length > 0;

  return (
    <PageLayout title={t('navPreferences')}>
      <div>
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'booking' ? { tab: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {TABS.map(({ value, label, Icon }) => (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                {t(label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="booking">
            <BookingTab {...tabProps} />
          </Tabs.Panel>
          <Tabs.Panel value="display">
            <DisplayTab {...tabProps} />
          </Tabs.Panel>
          <Tabs.Panel value="colours">
            <ColoursTab {...tabProps} />
          </Tabs.Panel>
          <Tabs.Panel value="calendars">
            <CalendarsTab {...tabProps} />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
        </Tabs>
        {tab !== 'security' && (
          <Paper
            ref={saveBar}
            withBorder
            radius="md"
            p="sm"
            mt="xl"
            pos="sticky"
            bottom={SAVE_BAR_BOTTOM}
            style={{ zIndex: 2 }}
          >
            <Group justify="space-between">
              <Text fz="sm" c={invalid ? 'red' : 'dimmed'} role="status">
                {invalid
                  ? t('preferencesInvalid')
                  : changes.length > 0
                    ? t('unsavedPreferences', { num: changes.length })
                    : t('noUnsavedPreferences')}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  disabled={changes.length === 0}
                  onClick={() => setValues(initialValues(preferences))}
                >
                  {t('discardChanges')}
                </Button>
                <Button onClick={() => void submit()} loading={save.isPending} disabled={changes.length === 0}>
                  {t('savePreferences')}
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
        {save.isError && (
          <Alert color="red" mt="md" icon={<IconAlertCircle aria-hidden />} title={t('errorSave')} role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
      </div>
    </PageLayout>
  );
}
