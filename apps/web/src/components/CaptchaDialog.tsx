import { Modal, Stack, Text } from '@mantine/core';
import { useT } from '../lib/i18n/use-t';
import { Captcha } from './Captcha';

/**
 * The captcha that precedes a one-time-code submission. It cannot be dismissed: no close
 * button, backdrop or Esc; solving it is the only way on, and hands the solution to the caller,
 * which then submits.
 */
export function CaptchaDialog({
  opened,
  onVerified,
  description,
}: {
  opened: boolean;
  onVerified: (payload: string) => void;
  /** What solving it does (the code is submitted, by default). */
  description?: string;
}) {
  const { t } = useT();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('captcha.title')}
    >
      <Stack gap="md">
        <Text size="sm">{description ?? t('captcha.submitting')}</Text>
        {opened ? <Captcha onVerified={(payload) => payload && onVerified(payload)} /> : null}
      </Stack>
    </Modal>
  );
}
