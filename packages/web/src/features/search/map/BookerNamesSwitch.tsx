import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface BookerNamesSwitchProps {
  on: boolean;
  onChange: (on: boolean) => void;
}

/** "Show names on the map": the bookers' names (or initials) on booked spaces. */
export function BookerNamesSwitch({ on, onChange }: BookerNamesSwitchProps) {
  const { t } = useTranslation();
  return (
    <Switch label={t('showNamesOnMap')} checked={on} onChange={(event) => onChange(event.currentTarget.checked)} />
  );
}
