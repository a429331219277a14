import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, textDirection } from '../i18n';
import { colorSchemeManager, cssVariablesResolver, localisedTheme } from './theme';

/** Keeps Mantine's text direction in step with the language (Hebrew is right-to-left). */
function DirectionFollowsLanguage() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const direction = textDirection(pickLanguage(i18n.language, []));
  useEffect(() => setDirection(direction), [direction, setDirection]);
  return null;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
}

/** Theme (with close buttons named in the user's language), colour scheme, direction, notifications and the query cache. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const { t, i18n } = useTranslation();
  const closeLabel = t('close');
  const theme = useMemo(() => localisedTheme(closeLabel), [closeLabel]);
  return (
    <DirectionProvider initialDirection={textDirection(pickLanguage(i18n.language, []))} detectDirection={false}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
      >
        <DirectionFollowsLanguage />
        <Notifications position="top-center" />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
