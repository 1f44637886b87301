import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { DevelopersTabs } from './DevelopersTabs';

export function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Developer Tools
      </Title>
      <DevelopersTabs />
      {children}
    </Stack>
  );
}
