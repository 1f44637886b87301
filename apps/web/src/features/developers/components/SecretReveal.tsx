import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A secret shown once (an API key, a signing secret): the value, a copy button and the warning
 * that it cannot be shown again. It closes only through its button, so it is not dismissed by accident.
 */
export function SecretReveal({
  title,
  label,
  value,
  onClose,
}: {
  title: string;
  label: string;
  value: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy it now">
          This is the only time the {label} is shown. Sanad keeps only a fingerprint of it; if it is lost, issue a new one.
        </Alert>
        <Text size="sm" fw={600} id="secret-label">
          {label.charAt(0).toUpperCase() + label.slice(1)}
        </Text>
        <Code block aria-labelledby="secret-label" data-testid="revealed-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Group justify="space-between">
          <CopyButton value={value ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I have copied it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
