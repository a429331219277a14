import {
  Accordion,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Group as UserGroup, SpaceAttribute, SpaceFontSize, SpaceShape } from '@perch/contract';
import {
  SPACE_FONT_SIZES,
  SPACE_MAX_POSITION,
  SPACE_MAX_ROTATION,
  SPACE_MAX_SIZE,
  SPACE_SHAPES,
  TEXT_MAX,
} from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributeValueInput, withAttributeValue } from '../ui/AttributeValueInput';
import { checkInErrors, hasOwnCheckIn, type CheckInValues, type InheritedCheckIn } from '../ui/check-in-policy';
import { CheckInPolicyFields } from '../ui/CheckInPolicyFields';
import type { DraftSpace } from './draft-space';
import { MIN_SPACE_SIZE } from './geometry';
import { SelectionActions } from './SelectionActions';

export const SPACE_NAME_INPUT_ID = 'floor-plan-space-name';
const SPACE_NAME_MAX = TEXT_MAX.spaceName;
const CHECK_IN_ITEM = 'check-in';

interface SpaceInspectorProps {
  space: DraftSpace;
  attributes: readonly SpaceAttribute[];
  groups: readonly UserGroup[];
  /** What the space's check-in fields left empty take: the area's policy, else the organisation's. */
  inheritedCheckIn: InheritedCheckIn;
  onEdit: (edit: Partial<Omit<DraftSpace, 'key' | 'id'>>, tag?: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** The side panel for one selected space: everything about it, also reachable without a mouse. */
export function SpaceInspector({
  space,
  attributes,
  groups,
  inheritedCheckIn,
  onEdit,
  onDuplicate,
  onDelete,
}: SpaceInspectorProps) {
  const { t } = useTranslation();
  // The check-in policy opens by itself for a space with a policy of its own, and stays open
  // while one of its values cannot be saved.
  const [checkInOpen, setCheckInOpen] = useState(() => hasOwnCheckIn(space));
  const checkInProblems = checkInErrors(space);
  const checkInInvalid = Object.keys(checkInProblems).length > 0;
  const groupOptions = groups.map((g) => ({ value: g.id, label: g.name }));
  const tag = (field: string) => `${field}:${space.key}`;
  const numberField = (field: 'x' | 'y' | 'width' | 'height' | 'rotation', label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      value={space[field]}
      min={min}
      max={max}
      clampBehavior="blur"
      allowDecimal={false}
      onChange={(v) => {
        if (typeof v === 'number' && Number.isFinite(v)) onEdit({ [field]: v }, tag(field));
      }}
      size="xs"
    />
  );

  return (
    <Stack gap="md">
      <Title order={2} fz="h5">
        {t('spaceDetails')}
      </Title>
      <TextInput
        id={SPACE_NAME_INPUT_ID}
        label={t('name')}
        value={space.name}
        maxLength={SPACE_NAME_MAX}
        required
        error={space.name.trim() ? undefined : t('errorSpaceNameRequired')}
        onChange={(e) => onEdit({ name: e.currentTarget.value }, tag('name'))}
      />
      <div>
        <Text fz="sm" fw={500} mb={4} id={`${SPACE_NAME_INPUT_ID}-shape`}>
          {t('spaceShape')}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby={`${SPACE_NAME_INPUT_ID}-shape`}
          value={space.shape}
          onChange={(v) => onEdit({ shape: v as SpaceShape })}
          data={SPACE_SHAPES.map((shape) => ({ value: shape, label: t(`shape_${shape}`) }))}
        />
      </div>
      <Select
        label={t('labelSize')}
        size="xs"
        value={space.fontSize}
        allowDeselect={false}
        onChange={(v) => v && onEdit({ fontSize: v as SpaceFontSize })}
        data={SPACE_FONT_SIZES.map((size) => ({ value: size, label: t(`fontSize_${size}`) }))}
      />
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        {numberField('x', t('positionX'), 0, SPACE_MAX_POSITION)}
        {numberField('y', t('positionY'), 0, SPACE_MAX_POSITION)}
        {numberField('width', t('width'), MIN_SPACE_SIZE, SPACE_MAX_SIZE)}
        {numberField('height', t('height'), MIN_SPACE_SIZE, SPACE_MAX_SIZE)}
        {numberField('rotation', t('rotationDegrees'), 0, SPACE_MAX_ROTATION)}
      </SimpleGrid>
      <Switch
        label={t('spaceBookable')}
        description={t('spaceBookableHint')}
        checked={space.enabled}
        onChange={(e) => onEdit({ enabled: e.currentTarget.checked })}
      />
      <Switch
        label={t('requireSubject')}
        checked={space.requireSubject}
        onChange={(e) => onEdit({ requireSubject: e.currentTarget.checked })}
      />
      {attributes.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {t('attributes')}
          </Title>
          {attributes.map((attribute) => (
            <AttributeValueInput
              key={attribute.id}
              attribute={attribute}
              value={space.attributes.find((a) => a.attributeId === attribute.id)?.value}
              onChange={(value) =>
                onEdit(
                  { attributes: withAttributeValue(space.attributes, attribute.id, value) },
                  tag(`attr-${attribute.id}`),
                )
              }
            />
          ))}
        </Stack>
      )}
      <MultiSelect
        label={t('approverGroups')}
        description={t('approverGroupsHint')}
        placeholder={groupOptions.length ? t('chooseGroups') : t('noGroupsYet')}
        data={groupOptions}
        value={[...space.approverGroupIds]}
        onChange={(ids) => onEdit({ approverGroupIds: ids })}
        searchable
        clearable
        disabled={groupOptions.length === 0}
      />
      <MultiSelect
        label={t('allowedBookerGroups')}
        description={t('allowedBookerGroupsSpaceHint')}
        placeholder={groupOptions.length ? t('everyone') : t('noGroupsYet')}
        data={groupOptions}
        value={[...space.allowedBookerGroupIds]}
        onChange={(ids) => onEdit({ allowedBookerGroupIds: ids })}
        searchable
        clearable
        disabled={groupOptions.length === 0}
      />
      <Accordion
        variant="contained"
        radius="md"
        value={checkInOpen || checkInInvalid ? CHECK_IN_ITEM : null}
        onChange={(item) => setCheckInOpen(item === CHECK_IN_ITEM)}
      >
        <Accordion.Item value={CHECK_IN_ITEM}>
          <Accordion.Control>{t('settingsCheckInSection')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <Text fz="xs" c="dimmed">
                {t('spaceCheckInIntro')}
              </Text>
              <CheckInPolicyFields
                values={space}
                inherited={inheritedCheckIn}
                errors={checkInProblems}
                onChange={(field, value) => onEdit({ [field]: value } as Partial<CheckInValues>, tag(field))}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <SelectionActions onDuplicate={onDuplicate} onDelete={onDelete} />
    </Stack>
  );
}
