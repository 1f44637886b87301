import type { ReactNode } from 'react';
import { Anchor, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';

/** The frame of the guest password pages, matching the sign-in page. */
export function GuestCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)" component="main">
      <Card withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Logo />
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {intro ? (
              <Text c="dimmed" size="sm">
                {intro}
              </Text>
            ) : null}
          </div>
          {children}
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}
