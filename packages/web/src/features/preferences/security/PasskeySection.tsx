import { Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Passkey } from '@perch/contract';
import { ApiError } from '@perch/client';
import { IconFingerprint, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
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
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { Section } from '../../../shared/ui/Section';
import { RowAction } from '../../../shared/ui/RowAction';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { FormActions } from '../../../shared/ui/FormActions';
import { useConfirm } from '../../../shared/ui/use-confirm';

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
        <FormActions submitLabel={t('save')} loading={rename.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** The user's passkeys: when each was added and last used; add, rename and remove them. */
export function PasskeySection() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
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
    confirm({
      title: t('passkeyRemoveTitle'),
      message: t('passkeyRemoveConfirm', { name: passkey.name }),
      confirmLabel: t('passkeyRemove'),
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
    <Section
      compact
      gap="sm"
      labelled="passkeys-heading"
      Icon={IconFingerprint}
      title={t('passkeysSectionTitle')}
      intro={t('passkeysSectionIntro')}
      aside={
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {t('passkeyAdd')}
        </Button>
      }
    >
      {removeFailure && <ErrorAlert compact>{removeFailure}</ErrorAlert>}
      {passkeys.isPending && <Skeleton height={64} radius="md" />}
      {passkeys.isError && (
        <QueryFailure
          compact
          error={passkeys.error}
          message={t('passkeysLoadFailed', { reason: errorMessage(passkeys.error) })}
          onRetry={() => void passkeys.refetch()}
        />
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
                  <RowAction
                    label={t('passkeyRenameNamed', { name: passkey.name })}
                    tooltip={t('passkeyRename')}
                    Icon={IconPencil}
                    onClick={() => setRenaming(passkey)}
                  />
                  <RowAction
                    label={t('passkeyRemoveNamed', { name: passkey.name })}
                    tooltip={t('passkeyRemove')}
                    Icon={IconTrash}
                    danger
                    loading={remove.isPending && remove.variables === passkey.id}
                    onClick={() => confirmRemove(passkey)}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
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
    </Section>
  );
}
