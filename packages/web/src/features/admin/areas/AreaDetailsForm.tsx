import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AttributeValue, Group as UserGroup, Location, LocationMap, SpaceAttribute } from '@perch/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import type { MessageKey } from '../../../i18n';
import { AttributeValueInput } from '../ui/AttributeValueInput';
import {
  AREA_DESCRIPTION_MAX,
  AREA_NAME_MAX,
  areaFormValues,
  validateAreaName,
  validateBookableDays,
  validateCapacity,
  type AreaFormValues,
} from './area-form';
import { AreaCheckInSection } from './AreaCheckInSection';
import { validateMinutes, validateTimeOfDay } from '../ui/check-in-policy';
import { FloorPlanField } from './FloorPlanField';
import { WeekdayChips } from './WeekdayChips';
import { Section } from '../../../shared/ui/Section';

export interface AreaDetailsSubmit {
  values: AreaFormValues;
  floorPlan: File | null;
}

/** How a save went; `floorPlanRefused` when the chosen file was refused (choose another). */
export interface AreaDetailsSubmitResult {
  saved: boolean;
  floorPlanRefused?: boolean;
}

interface AreaDetailsFormProps {
  area: Location | undefined;
  map: LocationMap | null;
  attributeValues: readonly AttributeValue[];
  /** Attributes that apply to areas. */
  attributes: readonly SpaceAttribute[];
  groups: readonly UserGroup[];
  timezones: readonly string[];
  saving: boolean;
  onSubmit: (submit: AreaDetailsSubmit) => Promise<AreaDetailsSubmitResult>;
  /** Why the chosen floor plan cannot be used; kept by the page, so it outlives a reload of the form. */
  floorPlanProblem: string | null;
  onFloorPlanProblem: (problem: string | null) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** Name, rules, floor plan and attribute values of an area. */
export function AreaDetailsForm(props: AreaDetailsFormProps) {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  const [floorPlan, setFloorPlan] = useState<File | null>(null);
  const [checkingFloorPlan, setCheckingFloorPlan] = useState(false);
  const onCheckingChange = useCallback((checking: boolean) => setCheckingFloorPlan(checking), []);
  const form = useForm<AreaFormValues>({
    initialValues: areaFormValues(props.area, props.attributeValues),
    validate: {
      name: validateAreaName,
      maxConcurrentBookings: (value, values) => validateCapacity(value, values.limitConcurrent),
      bookableDays: validateBookableDays,
      checkinOpensMinutes: (value) => validateMinutes(value, 'checkin_opens_minutes'),
      checkinGraceMinutes: (value) => validateMinutes(value, 'checkin_grace_minutes'),
      checkinReleaseTime: validateTimeOfDay,
    },
  });
  const dirty = form.isDirty() || floorPlan !== null;
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const errorOf = (field: keyof AreaFormValues) => {
    const key = form.errors[field];
    return typeof key === 'string' ? t(key as MessageKey, { count: AREA_NAME_MAX }) : undefined;
  };

  const timezoneOptions = useMemo(
    () => [
      { value: '', label: t('timezoneOrgDefault', { zone: settings.default_timezone ?? 'UTC' }) },
      ...props.timezones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    ],
    [props.timezones, settings.default_timezone, t],
  );
  const groupOptions = props.groups.map((g) => ({ value: g.id, label: g.name }));

  const submit = form.onSubmit(async (values) => {
    if (checkingFloorPlan) return;
    const result = await props.onSubmit({ values, floorPlan });
    if (result.saved) {
      form.resetDirty(values);
      setFloorPlan(null);
    } else if (result.floorPlanRefused) {
      // The rest of the form stays as it is; another file can be chosen and saved again.
      setFloorPlan(null);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
          <Stack gap="md">
            <Section title={t('areaGeneral')}>
              <TextInput
                {...form.getInputProps('name')}
                error={errorOf('name')}
                label={t('name')}
                required
                maxLength={AREA_NAME_MAX}
              />
              <Textarea
                {...form.getInputProps('description')}
                label={t('description')}
                description={t('charactersLeft', { count: AREA_DESCRIPTION_MAX - form.values.description.length })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={AREA_DESCRIPTION_MAX}
                autosize
                minRows={2}
                maxRows={6}
              />
              <Switch
                {...form.getInputProps('enabled', { type: 'checkbox' })}
                label={t('areaEnabled')}
                description={t('areaEnabledHint')}
              />
            </Section>
            <Section title={t('bookingRules')}>
              <Select
                {...form.getInputProps('timezone')}
                label={t('timezone')}
                data={timezoneOptions}
                searchable
                allowDeselect={false}
                nothingFoundMessage={t('noResults')}
              />
              <Stack gap={6}>
                <Switch
                  {...form.getInputProps('limitConcurrent', { type: 'checkbox' })}
                  label={t('limitConcurrentBookings')}
                  description={t('limitConcurrentBookingsHint')}
                />
                {form.values.limitConcurrent && (
                  <NumberInput
                    {...form.getInputProps('maxConcurrentBookings')}
                    error={errorOf('maxConcurrentBookings')}
                    label={t('maxConcurrentBookings')}
                    min={1}
                    allowDecimal={false}
                    maw={220}
                  />
                )}
              </Stack>
              <WeekdayChips
                value={form.values.bookableDays}
                onChange={(days) => form.setFieldValue('bookableDays', days)}
                error={errorOf('bookableDays')}
              />
              <MultiSelect
                {...form.getInputProps('allowedBookerGroupIds')}
                label={t('allowedBookerGroups')}
                description={t('allowedBookerGroupsAreaHint')}
                placeholder={groupOptions.length ? t('everyone') : t('noGroupsYet')}
                data={groupOptions}
                disabled={groupOptions.length === 0}
                searchable
                clearable
              />
            </Section>
            <AreaCheckInSection form={form} />
          </Stack>
          <Stack gap="md">
            <Section title={t('floorPlan')}>
              <FloorPlanField
                currentMap={props.map}
                file={floorPlan}
                onFile={setFloorPlan}
                problem={props.floorPlanProblem}
                onProblem={props.onFloorPlanProblem}
                onCheckingChange={onCheckingChange}
              />
            </Section>
            {props.attributes.length > 0 && (
              <Section title={t('attributes')}>
                {props.attributes.map((attribute) => (
                  <AttributeValueInput
                    key={attribute.id}
                    attribute={attribute}
                    value={form.values.attributes[attribute.id]}
                    onChange={(value) => {
                      const next = { ...form.values.attributes };
                      if (value === undefined) delete next[attribute.id];
                      else next[attribute.id] = value;
                      form.setFieldValue('attributes', next);
                    }}
                  />
                ))}
              </Section>
            )}
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Text fz="sm" c="dimmed">
              {t('unsavedDetails')}
            </Text>
          )}
          <Button
            type="submit"
            loading={props.saving || checkingFloorPlan}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            disabled={!dirty && Boolean(props.area)}
          >
            {props.area ? t('saveArea') : t('createArea')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
