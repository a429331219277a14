import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Group } from '@perch/contract';
import { GROUP_NAME_MIN, TEXT_MAX } from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { MessageKey } from '../../../i18n';
import { useSaveGroup } from '../api/group-queries';
import { FormActions } from '../../../shared/ui/FormActions';

export const GROUP_NAME_MAX = TEXT_MAX.groupName;

export function validateGroupName(name: string): MessageKey | null {
  const length = name.trim().length;
  if (length === 0) return 'errorRequired';
  return length < GROUP_NAME_MIN ? 'errorGroupNameShort' : null;
}

interface GroupNameModalProps {
  /** The group to rename; null to create one. */
  group: Group | null;
  onClose: () => void;
  onSaved?: (id: string) => void;
}

/** Create or rename a group. A name already taken comes back as 409/4001 and is said in place. */
export function GroupNameModal({ group, onClose, onSaved }: GroupNameModalProps) {
  const { t } = useTranslation();
  const save = useSaveGroup();
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: group?.name ?? '' },
    validate: { name: validateGroupName },
  });
  const nameError = form.errors.name;

  const submit = form.onSubmit(({ name }) => {
    setFailure(null);
    save.mutate(
      { id: group?.id, body: { name: name.trim() } },
      {
        onSuccess: (id) => {
          onSaved?.(id);
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={group ? t('renameGroup') : t('newGroup')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('name')}
            error={nameError ? t(nameError as MessageKey, { count: GROUP_NAME_MIN }) : failure}
            label={t('groupName')}
            maxLength={GROUP_NAME_MAX}
            errorProps={{ role: 'alert' }}
            required
            data-autofocus
          />
          <FormActions submitLabel={group ? t('save') : t('create')} loading={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
