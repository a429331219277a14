import { Paper, Skeleton, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useOrgSettings, useSaveSettings } from '../api/setting-queries';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

const SETTING = 'allow_any_user';

/**
 * The organisation setting `allow_any_user` (reference: "allow any user"): whether a provider
 * sign-in of someone unknown creates their account. Saved at once through `PUT /setting/`.
 */
export function AllowAnyUserSwitch() {
  const { t } = useTranslation();
  const settings = useOrgSettings();
  const saveSettings = useSaveSettings();
  const errorMessage = useApiErrorMessage();
  // Shown while the save runs, so the switch moves under the finger.
  const [pending, setPending] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (settings.isError) return <QueryFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.isSuccess) return <Skeleton h={72} radius="lg" />;
  const saved = settings.data.find((s) => s.name === SETTING)?.value === '1';
  const checked = pending ?? saved;

  const change = (next: boolean) => {
    setPending(next);
    setFailure(null);
    saveSettings.mutate([{ name: SETTING, value: next ? '1' : '0' }], {
      onSuccess: () => notifications.show({ color: 'teal', message: t(next ? 'allowAnyUserOn' : 'allowAnyUserOff') }),
      onError: (error) => setFailure(errorMessage(error)),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Switch
        checked={checked}
        onChange={(event) => change(event.currentTarget.checked)}
        disabled={saveSettings.isPending}
        label={t('allowAnyUserLabel')}
        description={t('allowAnyUserHint')}
        size="md"
      />
      {failure && <ErrorAlert mt="md">{failure}</ErrorAlert>}
    </Paper>
  );
}
