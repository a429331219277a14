import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Blue #1c7ed6 matches the favicon and the manifest's theme colour. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Hebrew", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'perch.colorScheme' });
