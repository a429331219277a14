import { Checkbox, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SpaceAttribute, SpaceAttributeSave } from '@perch/contract';
import { AttributeType } from '@perch/contract/values';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { MessageKey } from '../../../i18n';
import { useSaveSpaceAttribute } from '../api/space-attribute-queries';
import { FormActions } from '../../../shared/ui/FormActions';

const LABEL_MAX = 256;

export const ATTRIBUTE_TYPE_LABEL: Record<number, MessageKey> = {
  [AttributeType.Number]: 'attributeTypeNumber',
  [AttributeType.Boolean]: 'attributeTypeBoolean',
  [AttributeType.Text]: 'attributeTypeText',
};

interface AttributeFormValues {
  label: string;
  type: string;
  spaceApplicable: boolean;
  locationApplicable: boolean;
}

interface AttributeFormModalProps {
  /** The attribute to edit; null for a new one. */
  attribute: SpaceAttribute | null;
  opened: boolean;
  onClose: () => void;
}

export function AttributeFormModal({ attribute, opened, onClose }: AttributeFormModalProps) {
  const { t } = useTranslation();
  const typeLabelId = useId();
  const save = useSaveSpaceAttribute();
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AttributeFormValues>({
    initialValues: {
      label: attribute?.label ?? '',
      type: String(attribute?.type ?? AttributeType.Number),
      spaceApplicable: attribute?.spaceApplicable ?? true,
      locationApplicable: attribute?.locationApplicable ?? false,
    },
    validate: {
      label: (v) => (v.trim() ? null : 'errorRequired'),
      spaceApplicable: (v, values) => (v || values.locationApplicable ? null : 'errorAttributeAppliesNowhere'),
    },
  });
  const errorOf = (field: keyof AttributeFormValues) => {
    const key = form.errors[field];
    return typeof key === 'string' ? t(key as MessageKey) : undefined;
  };

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const body: SpaceAttributeSave = {
      label: values.label.trim(),
      type: Number(values.type) as SpaceAttributeSave['type'],
      spaceApplicable: values.spaceApplicable,
      locationApplicable: values.locationApplicable,
    };
    save.mutate({ id: attribute?.id, body }, { onSuccess: onClose, onError: (e) => setFailure(errorMessage(e)) });
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={attribute ? t('editAttribute') : t('newAttribute')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('label')}
            error={errorOf('label')}
            label={t('name')}
            placeholder={t('attributeLabelPlaceholder')}
            maxLength={LABEL_MAX}
            required
            data-autofocus
          />
          <div>
            <Text fz="sm" fw={500} mb={4} id={typeLabelId}>
              {t('attributeType')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={typeLabelId}
              {...form.getInputProps('type')}
              data={Object.entries(ATTRIBUTE_TYPE_LABEL).map(([value, label]) => ({ value, label: t(label) }))}
            />
          </div>
          <Stack gap={6}>
            <Text fz="sm" fw={500}>
              {t('attributeAppliesTo')}
            </Text>
            <Checkbox
              {...form.getInputProps('spaceApplicable', { type: 'checkbox' })}
              label={t('appliesToSpaces')}
              error={errorOf('spaceApplicable')}
            />
            <Checkbox {...form.getInputProps('locationApplicable', { type: 'checkbox' })} label={t('appliesToAreas')} />
          </Stack>
          {failure && (
            <Text c="red" fz="sm" role="alert">
              {failure}
            </Text>
          )}
          <FormActions submitLabel={attribute ? t('save') : t('create')} loading={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
