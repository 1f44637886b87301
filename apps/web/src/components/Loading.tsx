import { Center, Loader, Stack, Text } from '@mantine/core';

/** The loading screen: a spinner with 'Loading...'. */
export function Loading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}
