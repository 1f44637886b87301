import { Modal, Stack, Text } from '@mantine/core';
import { Captcha } from './Captcha';

/**
 * The captcha that precedes a one-time-code submission. It cannot be dismissed: no close
 * button, backdrop or Esc; solving it is the only way on, and hands the solution to the caller,
 * which then submits.
 */
export function CaptchaDialog({
  opened,
  onVerified,
  description = 'Your code will be submitted as soon as the check below completes.',
}: {
  opened: boolean;
  onVerified: (payload: string) => void;
  /** What solving it does (the code is submitted, by default). */
  description?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Verify you are human"
    >
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        {opened ? <Captcha onVerified={(payload) => payload && onVerified(payload)} /> : null}
      </Stack>
    </Modal>
  );
}
