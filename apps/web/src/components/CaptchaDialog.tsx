import { Modal, Stack, Text } from '@mantine/core';
import { Captcha } from './Captcha';

/**
 * The captcha that precedes a one-time-code submission. It cannot be dismissed: no close
 * button, backdrop or Esc; solving it is the only way on, and hands the solution to the caller,
 * which then submits.
 */
export function CaptchaDialog({ opened, onVerified }: { opened: boolean; onVerified: (payload: string) => void }) {
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
        <Text size="sm">Your code will be submitted as soon as the check below completes.</Text>
        {opened ? <Captcha onVerified={(payload) => payload && onVerified(payload)} /> : null}
      </Stack>
    </Modal>
  );
}
