import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { OTP_TTL_SECONDS } from '@sanad/contracts/constants';
import { OTP_MESSAGES, ZOtp } from '@sanad/contracts/otp';

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
  return (
    <Modal
      opened={props.opened}
      onClose={() => !props.isBusy && props.onClose()}
      title="Two-Factor Authentication"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnEscape={!props.isBusy}
    >
      {props.opened ? <OtpForm {...props} /> : null}
    </Modal>
  );
}

// Mounted each time the dialog opens, so the countdown starts afresh when it is shown.
function OtpForm({ destination, serverError, isBusy, onSubmit, onResend }: OtpDialogProps) {
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_TTL_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [otp, setOtp] = useState('');
  const [isTouched, setTouched] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const secondsLeft = secondsUntil(deadline, now);
  const isExpired = secondsLeft === 0;
  const validationError = isTouched ? otpError(otp) : null;
  const shownError = isExpired ? OTP_MESSAGES.expired : (validationError ?? serverError);

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
        <Text size="sm">{destination ? `Enter the 6-digit code we sent to ${destination}.` : 'Enter the 6-digit code we sent you.'}</Text>
        <TextInput
          label="OTP"
          placeholder="6-digit code"
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
            You can resend the code in {secondsLeft} seconds
          </Text>
        )}
        <Button type="submit" loading={isBusy} fullWidth>
          {isExpired ? 'Resend Code' : 'Submit OTP'}
        </Button>
      </Stack>
    </form>
  );
}
