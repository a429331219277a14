import { NumberInput, Select, SimpleGrid, Stack, type StyleProp } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';
import {
  minutesRange,
  type CheckInField,
  type CheckInValues,
  type InheritedCheckIn,
  type InheritedValue,
} from './check-in-policy';

const MODE_LABELS: Record<string, MessageKey> = {
  '0': 'checkInModeOff',
  '1': 'checkInModeClick',
  '2': 'checkInModeScan',
};

interface CheckInPolicyFieldsProps {
  values: CheckInValues;
  /** What each field left empty takes, and from which level. */
  inherited: InheritedCheckIn;
  /** Message keys of the fields that cannot be saved as they are. */
  errors: Partial<Record<CheckInField, unknown>>;
  onChange: (field: CheckInField, value: CheckInValues[CheckInField]) => void;
  /** Columns of the fields below the mode. */
  cols?: StyleProp<number>;
}

/**
 * The six fields of a check-in policy level (an area's, a space's). A field left to the level
 * above names the value it takes and where it comes from ("Area's: 20", "Organisation's: 15").
 */
export function CheckInPolicyFields({ values, inherited, errors, onChange, cols = 1 }: CheckInPolicyFieldsProps) {
  const { t } = useTranslation();
  const from = ({ source }: InheritedValue, value: string) =>
    t(source === 'area' ? 'checkInAreas' : 'checkInOrganisations', { value });
  const yesNo = (value: string) => t(value === '1' ? 'checkInYes' : 'checkInNo');
  const errorOf = (field: CheckInField, values?: Record<string, number>) => {
    const key = errors[field];
    return typeof key === 'string' ? t(key as MessageKey, values) : undefined;
  };
  const flagOptions = (inheritedFlag: InheritedValue) => [
    { value: '', label: from(inheritedFlag, yesNo(inheritedFlag.value)) },
    { value: '1', label: t('checkInYes') },
    { value: '0', label: t('checkInNo') },
  ];
  const mode = inherited.checkinMode;
  const time = inherited.checkinReleaseTime;
  // A grace set at this level decides the deadline: no time of day from above applies then.
  const timeFromAbove = values.checkinGraceMinutes === '' && time.value !== '';

  return (
    <Stack gap="md">
      <Select
        label={t('settingCheckInMode')}
        value={values.checkinMode}
        onChange={(v) => v !== null && onChange('checkinMode', v)}
        allowDeselect={false}
        data={[
          { value: '', label: from(mode, t(MODE_LABELS[mode.value] ?? 'checkInModeOff')) },
          ...Object.entries(MODE_LABELS).map(([value, label]) => ({ value, label: t(label) })),
        ]}
      />
      <SimpleGrid cols={cols} spacing="md" verticalSpacing="md">
        <NumberInput
          label={t('settingCheckInOpens')}
          value={values.checkinOpensMinutes}
          onChange={(v) => onChange('checkinOpensMinutes', v)}
          error={errorOf('checkinOpensMinutes', minutesRange('checkin_opens_minutes'))}
          placeholder={from(inherited.checkinOpensMinutes, inherited.checkinOpensMinutes.value)}
          allowDecimal={false}
          allowNegative={false}
        />
        <NumberInput
          label={t('settingCheckInGrace')}
          value={values.checkinGraceMinutes}
          onChange={(v) => onChange('checkinGraceMinutes', v)}
          error={errorOf('checkinGraceMinutes', minutesRange('checkin_grace_minutes'))}
          placeholder={from(inherited.checkinGraceMinutes, inherited.checkinGraceMinutes.value)}
          allowDecimal={false}
          allowNegative={false}
        />
        <TimeInput
          label={t('settingCheckInReleaseTime')}
          value={values.checkinReleaseTime}
          onChange={(e) => onChange('checkinReleaseTime', e.currentTarget.value)}
          error={errorOf('checkinReleaseTime')}
          description={timeFromAbove ? from(time, time.value) : t('areaCheckInTimeHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Select
          label={t('settingCheckInRelease')}
          value={values.checkinRelease}
          onChange={(v) => v !== null && onChange('checkinRelease', v)}
          allowDeselect={false}
          data={flagOptions(inherited.checkinRelease)}
        />
        <Select
          label={t('settingCheckInExemptLong')}
          value={values.checkinExemptLong}
          onChange={(v) => v !== null && onChange('checkinExemptLong', v)}
          allowDeselect={false}
          data={flagOptions(inherited.checkinExemptLong)}
        />
      </SimpleGrid>
    </Stack>
  );
}
