import { useCallback, useState } from 'react';
import { useSignedInSession } from '../../../app/session/session-context';
import { canAdminister, isOn } from '../../../app/session/session-data';
import { browserStorage } from '../../../app/session/safe-storage';

/** Where the choice is remembered (the reference keeps it as `searchBookerNames`). */
export const BOOKER_NAMES_STORAGE_KEY = 'perch.searchBookerNames';

function readChoice(): boolean {
  return browserStorage('localStorage').getItem(BOOKER_NAMES_STORAGE_KEY) === '1';
}

/**
 * Whether the map writes the bookers' names on booked spaces. The API shares other people's
 * names only when the organisation shows names (`show_names`) or to space admins, so only then
 * is there a choice (`available`); it is remembered on this device.
 */
export function useBookerNames() {
  const { user, settings } = useSignedInSession();
  const available = isOn(settings, 'show_names') || canAdminister(user);
  const [chosen, setChosen] = useState(readChoice);
  const setOn = useCallback((on: boolean) => {
    setChosen(on);
    browserStorage('localStorage').setItem(BOOKER_NAMES_STORAGE_KEY, on ? '1' : '0');
  }, []);
  return { available, on: available && chosen, setOn };
}
