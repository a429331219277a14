import {
  createTheme,
  localStorageColorSchemeManager,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';

/**
 * Mantine blue, one shade darker than the favicon's #1c7ed6 so that white button text and
 * links reach WCAG AA contrast (4.5:1) in both schemes.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Hebrew", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * The theme with an accessible name on the close button of every dialog, drawer, notification
 * and closable alert (Mantine draws a bare ✕), in the user's language. A component may still
 * pass its own `closeButtonProps`.
 */
export function localisedTheme(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        Alert: { defaultProps: { closeButtonLabel: closeLabel } },
      },
    }),
  );
}

/**
 * Mantine's defaults for secondary text and for text on tinted ("light" variant) backgrounds
 * fall just below AA contrast; these pass in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    // Tinted badges and buttons (enabled, applies to areas, delete) in the light scheme.
    '--mantine-color-teal-light-color': '#06694b',
    '--mantine-color-grape-light-color': 'var(--mantine-color-grape-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // Error text and invalid inputs (Mantine's red-6 falls below AA).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  // Between dark-1 and dark-2: still dimmer than body text, but 5:1 on dark cards.
  dark: { '--mantine-color-dimmed': '#a0a0a0', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'perch.colorScheme' });
