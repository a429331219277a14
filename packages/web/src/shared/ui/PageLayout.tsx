import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

interface PageLayoutProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** Heading and body of a signed-in page; the heading also names the browser tab. */
export function PageLayout({ title, description, children }: PageLayoutProps) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}
