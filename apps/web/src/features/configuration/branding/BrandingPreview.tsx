import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TBrandingSave } from '@sanad/contracts/branding';

/**
 * How the unsaved colours look before they are saved: a header bar, buttons, badges and text on the
 * page background, drawn with the colours as given (the app's theme changes only on save).
 */
export function BrandingPreview({ colors }: { colors: TBrandingSave['colors'] }) {
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden', alignSelf: 'start' }}
      aria-label="Preview"
      role="region"
      data-testid="branding-preview"
    >
      <Group px="md" h={48} justify="space-between" wrap="nowrap" style={{ background: colors.primary }}>
        <Text fw={700} c="white">
          Header
        </Text>
        <Box w={10} h={10} style={{ borderRadius: 10, background: colors.secondary }} aria-hidden />
      </Group>
      <Stack gap="sm" p="md" style={{ background: colors.light }}>
        <Text style={{ color: colors.dark }} fw={600}>
          Customer profiles
        </Text>
        <Text size="sm" style={{ color: colors.dark }}>
          Body text in the dark colour on the light page background.
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button color={colors.primary} size="xs">
            Primary button
          </Button>
          <Button color={colors.primary} variant="outline" size="xs">
            Outline button
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge color={colors.primary}>Primary badge</Badge>
          <Badge color={colors.secondary}>Accent badge</Badge>
          <Badge color={colors.secondary} variant="light">
            Light accent
          </Badge>
        </Group>
        <Paper withBorder p="sm" radius="md" bg="white">
          <Text size="sm" style={{ color: colors.dark }}>
            A card: dark text on white.
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
}
