import { useState, type ReactNode } from 'react';
import type { TOtpPurpose } from '@sanad/contracts/otp';
import { MESSAGES } from '@sanad/contracts/messages';
import { ApiError } from '../lib/api-client';
import { beginGlobalLoading } from '../lib/global-loading';
import { useMailboxStatus } from '../lib/mailbox-status';
import type { OtpProof } from '../lib/otp-proof';
import { requestOneTimeCode } from '../lib/request-one-time-code';
import { getUser } from '../lib/session';
import { toastError } from '../lib/toast';
import { CaptchaDialog } from './CaptchaDialog';
import { OtpDialog } from './OtpDialog';

export type { OtpProof };

/** Errors about the code or the captcha keep the code dialog open for another try. */
function isCodeError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'CAPTCHA_REQUIRED' || Boolean(error.errors?.otp ?? error.errors?.token));
}

/**
 * The one-time-code flow shared by Update Profile and Change Password: request a
 * code, show the code dialog, then the captcha dialog, whose solution triggers `submit` with the
 * global loading flag set. The dialog only hands otp and token to the caller's submission (AD-45).
 */
export function useOtpFlow(options: {
  purpose: TOtpPurpose;
  submit: (proof: OtpProof) => Promise<void>;
  /** A refusal of the form itself (e.g. a taken e-mail): the code dialog closes, the form shows it. */
  onError: (message: string, error: unknown) => void;
}): {
  start: () => Promise<void>;
  isRequesting: boolean;
  /** A code is being asked for, typed or checked, or the captcha is up: Esc belongs to those dialogs. */
  isStepOpen: boolean;
  dialogs: ReactNode;
} {
  const [token, setToken] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [isOtpOpen, setOtpOpen] = useState(false);
  const [isRequesting, setRequesting] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pendingOtp, setPendingOtp] = useState<string | null>(null);
  const isMailboxOn = useMailboxStatus();

  async function sendCode(): Promise<boolean> {
    const user = getUser();
    if (!user) return false;
    setRequesting(true);
    try {
      const sent = await requestOneTimeCode(options.purpose, user);
      setToken(sent.token);
      setDestination(sent.destination);
      setServerError(null);
      return true;
    } catch (error) {
      toastError(error instanceof Error ? error.message : MESSAGES.default);
      return false;
    } finally {
      setRequesting(false);
    }
  }

  async function start(): Promise<void> {
    if (await sendCode()) setOtpOpen(true);
  }

  async function onCaptchaVerified(captcha: string): Promise<void> {
    const otp = pendingOtp;
    setPendingOtp(null);
    if (!otp || !token) return;
    const endLoading = beginGlobalLoading();
    setSubmitting(true);
    try {
      await options.submit({ otp, token, captcha });
      setOtpOpen(false);
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.default;
      if (isCodeError(error)) {
        setServerError(message);
      } else {
        setOtpOpen(false);
        options.onError(message, error);
      }
    } finally {
      setSubmitting(false);
      endLoading();
    }
  }

  const dialogs = (
    <>
      <OtpDialog
        opened={isOtpOpen}
        destination={destination}
        serverError={serverError}
        isBusy={isRequesting || isSubmitting || pendingOtp !== null}
        onSubmit={(otp) => {
          setServerError(null);
          setPendingOtp(otp);
        }}
        onResend={sendCode}
        onClose={() => setOtpOpen(false)}
        isMailboxOn={isMailboxOn}
      />
      <CaptchaDialog opened={pendingOtp !== null} onVerified={(captcha) => void onCaptchaVerified(captcha)} />
    </>
  );
  const isStepOpen = isOtpOpen || isRequesting || isSubmitting || pendingOtp !== null;
  return { start, isRequesting, isStepOpen, dialogs };
}
