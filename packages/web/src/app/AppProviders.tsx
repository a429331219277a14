import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage, textDirection } from '../i18n';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

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

/** Theme, colour scheme, direction, notifications and the query cache. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const { i18n } = useTranslation();
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
