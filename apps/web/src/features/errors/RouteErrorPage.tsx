import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@sanad/contracts/messages';

/**
 * What a route shows when its guard or its code fails: '403 Forbidden' for a user without
 * scopes, otherwise the default message with a way to retry (for example after a
 * failed chunk download).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Center mih="60vh" p="md">
        <Stack align="center" gap="sm" ta="center">
          <Title order={1}>{MESSAGES.forbidden}</Title>
          <Text c="dimmed">Your role does not give you access to this page. Ask an administrator for the permission you need.</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>{MESSAGES.default}</Title>
        <Text c="dimmed">The page could not be loaded. Check your connection and try again.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
