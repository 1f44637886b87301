import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { ACTIVITY_DASHBOARD_PATH, LOGIN_PATH } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';

/** Any path no page answers. A signed-in user sees it inside the shell, so the navigation stays at hand. */
export default function NotFoundPage() {
  const isSignedIn = useSessionUser() !== null;
  return (
    <Center mih={isSignedIn ? '50vh' : '100vh'} p="md" component={isSignedIn ? 'div' : 'main'}>
      <Stack align="center" gap="md" maw={440} ta="center">
        {isSignedIn ? null : <Logo />}
        <Title order={1}>404</Title>
        <Text size="lg">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={isSignedIn ? ACTIVITY_DASHBOARD_PATH : LOGIN_PATH}>
          {isSignedIn ? 'Go to the dashboard' : 'Go to sign in'}
        </Button>
      </Stack>
    </Center>
  );
}
