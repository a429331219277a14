import { Box, Center, Group, Paper } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ErrorBoundary } from '../ErrorBoundary';
import { PageLoader } from '../../shared/ui/Loaders';
import { ColorSchemeMenu } from './ColorSchemeMenu';
import { LanguageMenu } from './LanguageMenu';
import { PerchWordmark } from './PerchMark';
import classes from './PublicLayout.module.css';

/** The frame of the pages before sign-in: a centred card, with language and colour scheme at hand. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Group component="header" justify="space-between" wrap="nowrap" px={{ base: 'md', sm: 'xl' }} py="md">
        <PerchWordmark />
        <Group gap={4} wrap="nowrap">
          <LanguageMenu alwaysShowName />
          <ColorSchemeMenu />
        </Group>
      </Group>
      <Center component="main" id="main" className={classes.main}>
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 36 }} w="100%" maw={440}>
          <ErrorBoundary>
            <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
          </ErrorBoundary>
        </Paper>
      </Center>
    </Box>
  );
}
