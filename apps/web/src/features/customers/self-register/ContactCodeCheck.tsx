import { useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { MESSAGES } from '@sanad/contracts/messages';
import { OTP_MESSAGES, type TContactChannel } from '@sanad/contracts/otp';
import { OTP_ENDPOINTS } from '@sanad/contracts/otp.endpoints';
import { CaptchaDialog } from '../../../components/CaptchaDialog';
import { OtpDialog } from '../../../components/OtpDialog';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { beginGlobalLoading } from '../../../lib/global-loading';
import { useT } from '../../../lib/i18n/use-t';

/** What a public journey verifies, and where: set by the page that runs the wizard with a link. */
export interface ContactCheck {
  dataSegmentId: string;
  channel: TContactChannel;
}

/** The key a verified contact is remembered under in the draft: channel and address. */
export const verifiedKey = (channel: TContactChannel, address: string) => `${channel}:${address}`;

/**
 * The contact proof of a public registration: 'Send code' shows the captcha first, then a
 * six-digit code goes to the e-mail (or the mobile number, where the segment sends links by SMS
 * only); the code dialog runs the 120-second countdown and offers 'Resend Code' (captcha again).
 * Once the server accepts the code, the address counts as verified for this journey.
 */
export function ContactCodeCheck({
  check,
  address,
  contact,
  isVerified,
  onVerified,
  name,
}: {
  check: ContactCheck;
  /** The address as the server will compare it (contactAddress). */
  address: string;
  /** The fields sent with the request. */
  contact: { email?: string; mobileNo?: string; isdCode?: string };
  isVerified: boolean;
  onVerified: (verifiedAt: string) => void;
  name?: string;
}) {
  const [token, setToken] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [isOtpOpen, setOtpOpen] = useState(false);
  const [isCaptchaOpen, setCaptchaOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  // Resolves the 'Send code' or 'Resend Code' that waits for the captcha.
  const waiting = useRef<((sent: boolean) => void) | null>(null);
  const { t, tm, language } = useT();
  const isEmail = check.channel === 'email';

  async function send(cToken: string): Promise<boolean> {
    setBusy(true);
    setSendError(null);
    try {
      const { data } = await api(OTP_ENDPOINTS.requestContactCode, {
        // The code's e-mail or SMS is written in the language the customer reads this screen in.
        body: { dataSegmentId: check.dataSegmentId, ...contact, ...(name ? { name } : {}), cToken, language },
      });
      if (!data.token) throw new Error(OTP_MESSAGES.couldNotGet);
      setToken(data.token);
      setDestination(data.destination);
      setServerError(null);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.default;
      const fieldMessage = error instanceof ApiError ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
      setSendError(tm(fieldMessage ?? message));
      if (isOtpOpen) setServerError(tm(fieldMessage ?? message));
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** The captcha comes first; its solution sends the code. */
  function askWithCaptcha(): Promise<boolean> {
    setCaptchaOpen(true);
    return new Promise((resolve) => {
      waiting.current = resolve;
    });
  }

  async function onCaptcha(payload: string): Promise<void> {
    setCaptchaOpen(false);
    const resolve = waiting.current;
    waiting.current = null;
    const endLoading = beginGlobalLoading();
    const sent = await send(payload);
    endLoading();
    resolve?.(sent);
  }

  async function start(): Promise<void> {
    if (await askWithCaptcha()) setOtpOpen(true);
  }

  async function submit(otp: string): Promise<void> {
    if (!token) return;
    setBusy(true);
    setServerError(null);
    try {
      const { data } = await api(OTP_ENDPOINTS.verifyContactCode, { body: { dataSegmentId: check.dataSegmentId, otp, token } });
      setOtpOpen(false);
      onVerified(data.verifiedAt);
    } catch (error) {
      const message = error instanceof ApiError ? (error.errors?.otp?.[0] ?? error.message) : MESSAGES.default;
      setServerError(tm(message));
    } finally {
      setBusy(false);
    }
  }

  if (isVerified)
    return (
      <Group gap="xs" wrap="nowrap" data-testid="contact-verified">
        <ThemeIcon color="green" variant="light" size="sm" radius="xl">
          <IconCircleCheck size={14} aria-hidden />
        </ThemeIcon>
        <Text size="sm">{t(isEmail ? 'contact.emailVerified' : 'contact.mobileVerified')}</Text>
      </Group>
    );

  return (
    <Stack gap="xs" data-testid="contact-code-check">
      <Text size="sm">{t(isEmail ? 'contact.emailExplain' : 'contact.mobileExplain')}</Text>
      <Button
        variant="light"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        onClick={() => void start()}
        disabled={!address}
        loading={isBusy && !isOtpOpen}
        w={{ base: '100%', sm: 'auto' }}
      >
        {t('contact.send')}
      </Button>
      {sendError && !isOtpOpen ? (
        <Alert color="red" role="alert" p="xs">
          {sendError}
        </Alert>
      ) : null}
      <OtpDialog
        opened={isOtpOpen}
        destination={destination}
        serverError={serverError}
        isBusy={isBusy || isCaptchaOpen}
        onSubmit={(otp) => void submit(otp)}
        onResend={askWithCaptcha}
        onClose={() => setOtpOpen(false)}
      />
      <CaptchaDialog opened={isCaptchaOpen} onVerified={(payload) => void onCaptcha(payload)} description={t('contact.captcha')} />
    </Stack>
  );
}
