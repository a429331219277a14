import { NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageKey } from '../../../i18n';
import { SETTING_FIELDS, type SettingFieldName } from './settings-fields';
import type { SettingsValues } from './settings-form';

/** What every setting input needs from the form. */
export interface SettingBinding {
  values: SettingsValues;
  problems: Partial<Record<SettingFieldName, Message>>;
  set: (name: SettingFieldName, value: string) => void;
}

interface SettingInputProps {
  form: SettingBinding;
  name: SettingFieldName;
  label: MessageKey;
  hint?: MessageKey;
  disabled?: boolean;
}

export function SwitchSetting({ form, name, label, hint, disabled }: SettingInputProps) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={form.values[name] === '1'}
      onChange={(e) => form.set(name, e.currentTarget.checked ? '1' : '0')}
      label={t(label)}
      description={hint ? t(hint) : undefined}
      disabled={disabled}
    />
  );
}

export function NumberSetting({ form, name, label, hint }: SettingInputProps) {
  const { t } = useTranslation();
  const field = SETTING_FIELDS[name];
  const problem = form.problems[name];
  return (
    <NumberInput
      value={form.values[name]}
      onChange={(value) => form.set(name, String(value))}
      label={t(label)}
      description={hint ? t(hint) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={problem ? t(problem.key, problem.values) : undefined}
      errorProps={{ role: 'alert' }}
      min={field.min}
      max={field.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      maw={320}
    />
  );
}

/** A switch with a number that only matters while the switch is on. */
export function SwitchedNumberSetting({
  form,
  toggle,
  toggleLabel,
  toggleHint,
  ...number
}: SettingInputProps & { toggle: SettingFieldName; toggleLabel: MessageKey; toggleHint?: MessageKey }) {
  return (
    <Stack gap="xs">
      <SwitchSetting form={form} name={toggle} label={toggleLabel} hint={toggleHint} />
      {form.values[toggle] === '1' && (
        <div style={{ paddingInlineStart: 'calc(var(--switch-width, 2.5rem) + var(--mantine-spacing-sm))' }}>
          <NumberSetting form={form} {...number} />
        </div>
      )}
    </Stack>
  );
}

/** One of a few values, as a row of buttons (no one, everyone, admins …). */
export function ChoiceSetting({
  form,
  name,
  label,
  hint,
  choices,
}: SettingInputProps & { choices: readonly { value: string; label: MessageKey }[] }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500} id={labelId}>
        {t(label)}
      </Text>
      <SegmentedControl
        role="radiogroup"
        aria-labelledby={labelId}
        fullWidth
        maw={420}
        value={form.values[name]}
        onChange={(value) => form.set(name, value)}
        data={choices.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
      />
      {hint && (
        <Text fz="xs" c="dimmed">
          {t(hint)}
        </Text>
      )}
    </Stack>
  );
}

/** A time of day ("HH:MM") that may be left empty. */
export function TimeSetting({ form, name, label, hint }: SettingInputProps) {
  const { t } = useTranslation();
  const problem = form.problems[name];
  return (
    <TimeInput
      value={form.values[name]}
      onChange={(e) => form.set(name, e.currentTarget.value)}
      label={t(label)}
      description={hint ? t(hint) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={problem ? t(problem.key, problem.values) : undefined}
      errorProps={{ role: 'alert' }}
      maw={320}
    />
  );
}
