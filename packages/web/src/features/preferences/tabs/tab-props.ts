import type { PreferenceErrors, PreferenceName, PreferenceValues } from '../preference-form';

/** What every preferences tab gets: the values of the one form, their errors and a setter. */
export interface PreferenceTabProps {
  values: PreferenceValues;
  errors: PreferenceErrors;
  set: (name: PreferenceName, value: string) => void;
}
