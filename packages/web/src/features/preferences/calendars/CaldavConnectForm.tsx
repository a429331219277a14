import { Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useConnectCaldav, useFindCalendars } from '../api/calendar-queries';
import { caldavDetail, isCaldavFailure } from './caldav-errors';
import {
  canKeepPassword,
  connectBody,
  validateCaldavForm,
  type CaldavFormErrors,
  type CaldavFormValues,
  type StoredConnection,
} from './caldav-form';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

/**
 * Addresses and user names read left to right in every language; set on the wrapper, so the
 * password's eye button and the input's padding stay on the same side in Hebrew too (Mantine
 * right-aligns inputs on a right-to-left page, hence the alignment).
 */
const LTR = { wrapper: { direction: 'ltr' }, input: { textAlign: 'left' } } as const;
const technical = { styles: LTR, autoComplete: 'off', spellCheck: false, maxLength: 256 } as const;

interface Failure {
  message: string;
  detail: string | null;
}

interface CaldavConnectFormProps {
  /** Changing a connected calendar: the stored server, user name and calendar path. */
  stored: (StoredConnection & { path: string }) | null;
  onConnected: () => void;
  onCancel?: () => void;
}

/**
 * Connecting a CalDAV calendar: server address, user name and password → "Find calendars" →
 * choose one → "Connect". When changing a connection the password may stay empty (same server
 * and user name): the saved one is kept, and the current calendar is offered until the account's
 * calendars are listed (listing needs the password).
 */
export function CaldavConnectForm({ stored, onConnected, onCancel }: CaldavConnectFormProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const find = useFindCalendars();
  const connect = useConnectCaldav();
  const [values, setValues] = useState<CaldavFormValues>({
    url: stored?.url ?? '',
    username: stored?.username ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<CaldavFormErrors>({});
  const [calendars, setCalendars] = useState<{ path: string; name: string }[] | null>(null);
  const [path, setPath] = useState<string | null>(stored?.path ?? null);
  const [pathMissing, setPathMissing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const keepsPassword = canKeepPassword(values, stored);
  const options = calendars
    ? calendars.map((c) => ({ value: c.path, label: c.name.trim() || c.path }))
    : stored && keepsPassword
      ? [{ value: stored.path, label: t('caldavCurrentCalendar', { path: stored.path }) }]
      : [];
  const chosen = options.some((o) => o.value === path) ? path : null;

  const change = (field: keyof CaldavFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
    // Another server, user or password may see other calendars.
    setCalendars(null);
  };

  const failed = (error: unknown) =>
    setFailure(
      isCaldavFailure(error)
        ? { message: t('errorCaldav'), detail: caldavDetail(error) }
        : { message: errorMessage(error), detail: null },
    );

  const findCalendars = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCaldavForm(values, null);
    if (values.password === '' && stored) found.password = 'caldavListNeedsPassword';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    find.mutate(
      { url: values.url.trim(), username: values.username.trim(), password: values.password },
      {
        onSuccess: (list) => {
          setCalendars(list);
          setPathMissing(false);
          if (list.length === 0) setFailure({ message: t('caldavNoCalendars'), detail: null });
          // Keep the choice when it is still there; a single calendar is the choice.
          if (!list.some((c) => c.path === path)) setPath(list.length === 1 ? list[0]!.path : null);
        },
        onError: failed,
      },
    );
  };

  const connectCalendar = () => {
    const found = validateCaldavForm(values, stored);
    setErrors(found);
    setFailure(null);
    setPathMissing(chosen === null);
    if (Object.keys(found).length > 0 || chosen === null) return;
    connect.mutate(connectBody(values, chosen), {
      onSuccess: () => {
        notifications.show({
          closeButtonProps: { 'aria-label': t('close') },
          color: 'teal',
          message: t('caldavConnectedNotice'),
        });
        onConnected();
      },
      onError: failed,
    });
  };

  return (
    <form onSubmit={findCalendars} noValidate aria-label={t(stored ? 'caldavChangeTitle' : 'caldavConnectTitle')}>
      <Stack gap="sm" maw={520}>
        <TextInput
          {...technical}
          type="url"
          label={t('caldavServerUrl')}
          description={t('caldavServerUrlHint')}
          placeholder="https://"
          value={values.url}
          onChange={(e) => change('url', e.currentTarget.value)}
          error={errors.url && t(errors.url)}
          errorProps={{ role: 'alert' }}
          required
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <TextInput
          {...technical}
          label={t('caldavUsername')}
          value={values.username}
          onChange={(e) => change('username', e.currentTarget.value)}
          error={errors.username && t(errors.username)}
          errorProps={{ role: 'alert' }}
          required
        />
        <PasswordInput
          styles={LTR}
          maxLength={256}
          autoComplete="new-password"
          label={t('caldavPassword')}
          description={stored ? t('caldavPasswordKeep') : t('caldavPasswordHint')}
          value={values.password}
          onChange={(e) => change('password', e.currentTarget.value)}
          error={errors.password && t(errors.password)}
          errorProps={{ role: 'alert' }}
          required={!stored}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group>
          <Button
            type="submit"
            variant={options.length > 0 ? 'default' : 'filled'}
            leftSection={<IconSearch size={16} aria-hidden />}
            loading={find.isPending}
          >
            {t('caldavFindCalendars')}
          </Button>
        </Group>
        {calendars && calendars.length > 0 && (
          <Text fz="sm" c="dimmed" role="status">
            {t('caldavCalendarsFound', { count: calendars.length })}
          </Text>
        )}
        {!calendars && stored && keepsPassword && (
          <Text fz="sm" c="dimmed">
            {t('caldavListNeedsPasswordHint')}
          </Text>
        )}
        {failure && (
          <ErrorAlert compact>
            <Text fz="sm">{failure.message}</Text>
            {failure.detail && (
              <Text fz="sm" mt={4} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {t('caldavServerSays', { detail: failure.detail })}
              </Text>
            )}
          </ErrorAlert>
        )}
        {options.length > 0 && (
          <Select
            label={t('caldavCalendar')}
            description={t('caldavCalendarHint')}
            placeholder={t('caldavChooseCalendar')}
            data={options}
            value={chosen}
            onChange={(v) => {
              setPath(v);
              setPathMissing(false);
            }}
            allowDeselect={false}
            error={pathMissing ? t('caldavCalendarRequired') : undefined}
            errorProps={{ role: 'alert' }}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        )}
        <Group gap="xs">
          {options.length > 0 && (
            <Button
              onClick={connectCalendar}
              loading={connect.isPending}
              leftSection={<IconPlugConnected size={16} aria-hidden />}
            >
              {t(stored ? 'caldavSaveConnection' : 'caldavConnect')}
            </Button>
          )}
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
