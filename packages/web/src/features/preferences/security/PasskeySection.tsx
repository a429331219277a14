import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Passkey } from '@perch/contract';
import { ApiError } from '@perch/client';
import { IconAlertCircle, IconFingerprint, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { AddPasskeyForm } from '../../../shared/second-factor/AddPasskeyForm';
import { passkeyNameProblem } from '../../../shared/second-factor/passkey-errors';
import { useDeletePasskey, usePasskeys, useRenamePasskey } from '../../../shared/second-factor/second-factor-queries';
import { formatInstant } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';

function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = passkeyNameProblem(name);
    if (invalid) {
      setProblem(t(invalid));
      return;
    }
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('passkeyRenamed') });
          onDone();
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.status === 400 ? t('passkeyNameCharacters') : errorMessage(error),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('passkeyName')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          maxLength={255}
          required
          data-autofocus
          autoComplete="off"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The user's passkeys: when each was added and last used; add, rename and remove them. */
export function PasskeySection() {
  const { t, i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const { preferences } = useSignedInSession();
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const zone = userZone(preferences.timezone);
  // Isolated, so the digits keep their order inside a right-to-left sentence.
  const when = (iso: string) => `\u2068${formatInstant(iso, zone, prefs, i18n.language, false)}\u2069`;

  const confirmRemove = (passkey: Passkey) =>
    modals.openConfirmModal({
      title: t('passkeyRemoveTitle'),
      children: <Text fz="sm">{t('passkeyRemoveConfirm', { name: passkey.name })}</Text>,
      labels: { confirm: t('passkeyRemove'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('close') },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => {
        setRemoveFailure(null);
        remove.mutate(passkey.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('passkeyRemoved', { name: passkey.name }) }),
          onError: (error) =>
            setRemoveFailure(
              error instanceof ApiError && error.status === 403
                ? t('passkeyLastRequiredByOrg')
                : `${t('passkeyDeleteError')} ${errorMessage(error)}`,
            ),
        });
      },
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="passkeys-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconFingerprint size={20} aria-hidden />
            <Title order={2} fz="h4" id="passkeys-heading">
              {t('passkeysSectionTitle')}
            </Title>
          </Group>
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('passkeyAdd')}
          </Button>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('passkeysSectionIntro')}
        </Text>
        {removeFailure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {removeFailure}
          </Alert>
        )}
        {passkeys.isPending && <Skeleton height={64} radius="md" />}
        {passkeys.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Group justify="space-between" gap="xs">
              <Text fz="sm">{t('passkeysLoadFailed', { reason: errorMessage(passkeys.error) })}</Text>
              <Button size="xs" variant="default" onClick={() => void passkeys.refetch()}>
                {t('tryAgain')}
              </Button>
            </Group>
          </Alert>
        )}
        {passkeys.isSuccess && passkeys.data.length === 0 && (
          <Text fz="sm" fs="italic">
            {t('passkeysNone')}
          </Text>
        )}
        {passkeys.isSuccess && passkeys.data.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="passkeys-heading">
            {passkeys.data.map((passkey) => (
              <Paper component="li" key={passkey.id} withBorder radius="md" px="sm" py="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                      {passkey.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('passkeyAddedAt', { time: when(passkey.createdAt) })}
                      {' · '}
                      {passkey.lastUsedAt
                        ? t('passkeyLastUsedAt', { time: when(passkey.lastUsedAt) })
                        : t('passkeyNeverUsed')}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('passkeyRename')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('passkeyRenameNamed', { name: passkey.name })}
                        onClick={() => setRenaming(passkey)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('passkeyRemove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('passkeyRemoveNamed', { name: passkey.name })}
                        loading={remove.isPending && remove.variables === passkey.id}
                        onClick={() => confirmRemove(passkey)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('passkeyAddTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {adding && (
          <AddPasskeyForm
            onAdded={() => {
              setAdding(false);
              notifications.show({ color: 'teal', message: t('passkeyAdded') });
            }}
            onCancel={() => setAdding(false)}
          />
        )}
      </Modal>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={t('passkeyRenameTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {renaming && <RenamePasskeyForm passkey={renaming} onDone={() => setRenaming(null)} />}
      </Modal>
    </Paper>
  );
}
