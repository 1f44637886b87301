import { ActionIcon, Anchor, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

const URL_PATTERN = /(https?:\/\/[^\s)|]+)/g;

/** Source text with its links clickable. */
function SourceText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <Anchor key={index} href={part} target="_blank" rel="noreferrer noopener" size="sm">
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

/** Why a value is what it is: its reason and source, for the compliance officer (RK-08). */
export function WhyPopover({ label, reason, source }: { label: string; reason: string | null; source: string | null }) {
  if (!reason && !source) return <Text c="dimmed">-</Text>;
  return (
    <Popover width={420} position="left" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" aria-label={label}>
          <IconInfoCircle size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {reason ? (
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                Why
              </Text>
              <Text size="sm">{reason}</Text>
            </div>
          ) : null}
          {source ? (
            <div>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                Source
              </Text>
              <SourceText text={source} />
            </div>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
