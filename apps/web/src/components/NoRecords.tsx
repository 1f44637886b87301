import { Center, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** The empty-state placeholder of lists and panels. */
export function NoRecords({ message = 'No records found' }: { message?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={4}>
        <IconInbox size={36} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
