import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { getToken } from '../../lib/session';

export default function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="md" maw={440} ta="center">
        <Logo />
        <Title order={1}>404</Title>
        <Text size="lg">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to={getToken() ? '/insights/activity-dashboard' : '/'}>
          {getToken() ? 'Go to the dashboard' : 'Go to sign in'}
        </Button>
      </Stack>
    </Center>
  );
}
