import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { OTP_TTL_SECONDS } from '@sanad/contracts/constants';
import { OTP_MESSAGES, ZOtp } from '@sanad/contracts/otp';
import { useT } from '../lib/i18n/use-t';

export interface OtpDialogProps {
  opened: boolean;
  /** Where the code went, masked by the server (a***@example.com). */
  destination: string | null;
  /** The server's answer to the last submission (a wrong code, too many attempts...). */
  serverError: string | null;
  /** Requesting, awaiting the captcha or submitting: the dialog neither submits nor closes then. */
  isBusy: boolean;
  /** Called with a valid six-digit code; the parent shows the captcha, then submits. */
  onSubmit: (otp: string) => void;
  /** Asks the parent for a new code; resolves true once it was sent (the parent reports a failure). */
  onResend: () => Promise<boolean>;
  onClose: () => void;
  /** No mail server is set up: the code waits in the built-in mailbox, which the dialog links to. */
  isMailboxOn?: boolean;
}

/** The first broken OTP rule, in the spec's words, or null when the code is valid. */
export function otpError(value: string): string | null {
  return ZOtp.safeParse(value).error?.issues[0]?.message ?? null;
}

/** Whole seconds left until `deadline`, never below zero. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The Two-Factor Authentication dialog. A 120-second countdown starts when it is
 * shown; while it runs the button reads 'Submit OTP' and a line tells the seconds left before a
 * new code can be asked for; at zero the expiry message shows and the button reads 'Resend Code'.
 */
export function OtpDialog(props: OtpDialogProps) {
  const { t } = useT();
  return (
    <Modal
      opened={props.opened}
      onClose={() => !props.isBusy && props.onClose()}
      title={t('otp.title')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnEscape={!props.isBusy}
    >
      {props.opened ? <OtpForm {...props} /> : null}
    </Modal>
  );
}

// Mounted each time the dialog opens, so the countdown starts afresh when it is shown.
function OtpForm({ destination, serverError, isBusy, onSubmit, onResend, isMailboxOn }: OtpDialogProps) {
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_TTL_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [otp, setOtp] = useState('');
  const [isTouched, setTouched] = useState(false);
  const { t, tm, isolate } = useT();

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const secondsLeft = secondsUntil(deadline, now);
  const isExpired = secondsLeft === 0;
  const englishError = isTouched ? otpError(otp) : null;
  const validationError = englishError ? tm(englishError) : null;
  const shownError = isExpired ? tm(OTP_MESSAGES.expired) : (validationError ?? (serverError ? tm(serverError) : null));

  // When no new code could be sent the parent says why; the dialog stays expired.
  async function resend(): Promise<void> {
    if (!(await onResend())) return;
    const restartedAt = Date.now();
    setDeadline(restartedAt + OTP_TTL_SECONDS * 1000);
    setNow(restartedAt);
    setOtp('');
    setTouched(false);
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (isBusy) return;
    if (isExpired) {
      void resend();
      return;
    }
    setTouched(true);
    if (otpError(otp) === null) onSubmit(otp);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{destination ? t('otp.sentTo', { destination: isolate(destination) }) : t('otp.sent')}</Text>
        {isMailboxOn ? (
          <Text size="sm">
            No mail server is set up, so the code waits in the built-in mailbox:{' '}
            <Anchor href="/mailbox" target="_blank" rel="noopener">
              open the Mailbox in a new tab
            </Anchor>
            .
          </Text>
        ) : null}
        <TextInput
          label={t('otp.label')}
          placeholder={t('otp.placeholder')}
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          data-autofocus
          value={otp}
          onChange={(event) => {
            setOtp(event.currentTarget.value);
            setTouched(true);
          }}
          error={validationError}
          disabled={isExpired}
          required
        />
        {shownError && shownError !== validationError ? (
          <Alert color="red" role="alert">
            {shownError}
          </Alert>
        ) : null}
        {isExpired ? null : (
          <Text size="sm" c="dimmed">
            {t('otp.resendIn', { seconds: secondsLeft })}
          </Text>
        )}
        <Button type="submit" loading={isBusy} fullWidth>
          {t(isExpired ? 'otp.resend' : 'otp.submit')}
        </Button>
      </Stack>
    </form>
  );
}
