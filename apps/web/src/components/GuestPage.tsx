import type { ReactNode } from 'react';
import { Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useIsPublicScreen } from '../lib/i18n/language-store';
import { LanguageSelect } from './LanguageSelect';
import { Logo } from './Logo';

/**
 * The frame of a signed-out page: logo, heading and a card, centred, leaving room below for the
 * pinned legal footer (footerRoom, in pixels; 0 keeps the ordinary padding, as the sign-in and
 * password pages always have). On a public registration screen the header offers the language menu.
 */
export function GuestPage({
  title,
  subtitle,
  width = 480,
  footerRoom = 72,
  children,
}: {
  title: string;
  subtitle?: string | undefined;
  width?: number;
  footerRoom?: number;
  children: ReactNode;
}) {
  const isPublic = useIsPublicScreen();
  return (
    <Center mih="100vh" p="md" pb={footerRoom || undefined} bg="var(--mantine-color-gray-0)" component="main">
      <Card withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={width}>
        <Stack gap="md">
          {isPublic ? (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Logo clientLogo />
              <LanguageSelect />
            </Group>
          ) : (
            <Logo />
          )}
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}
