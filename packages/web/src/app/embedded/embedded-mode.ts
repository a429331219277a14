import { createContext, useContext } from 'react';
import { browserStorage } from '../session/safe-storage';

/** Session storage key: this tab was opened by the team wiki's sign-in (`?embedded=1`). */
export const EMBEDDED_STORAGE_KEY = 'perch.embedded';

/** True when the page runs inside a frame of another page (the team wiki shows Perch in one). */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A browser that will not even say whether the top is us: it is somebody else's page.
    return true;
  }
}

/** Whether an address's query marks the wiki's sign-in (`/ui/login/success/<ticket>/?embedded=1`). */
export function marksEmbedded(search: string): boolean {
  return new URLSearchParams(search).get('embedded') === '1';
}

/** Remembers for this tab that Perch runs embedded, so later pages keep the compact layout. */
export function rememberEmbedded(storage: Storage = browserStorage('sessionStorage')): void {
  storage.setItem(EMBEDDED_STORAGE_KEY, '1');
}

function remembered(storage: Storage): boolean {
  return storage.getItem(EMBEDDED_STORAGE_KEY) === '1';
}

/**
 * The embedded mode: Perch runs in the team wiki's frame, or this tab came through the
 * wiki's sign-in. Then the layout is compact, there is no sign-out and no administration, and a
 * missing session means signing in through the wiki again rather than on Perch's sign-in page.
 */
export function detectEmbedded(search: string, win: Window = window): boolean {
  const storage = browserStorage('sessionStorage', win);
  if (marksEmbedded(search)) {
    rememberEmbedded(storage);
    return true;
  }
  return isFramed(win) || remembered(storage);
}

export const EmbeddedContext = createContext(false);

/** True in the embedded mode (see `detectEmbedded`). */
export function useEmbedded(): boolean {
  return useContext(EmbeddedContext);
}
