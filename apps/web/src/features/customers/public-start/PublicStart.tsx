import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Captcha } from '../../../components/Captcha';
import { GuestPage } from '../../../components/GuestPage';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/use-t';

/**
 * The screen before a registration started without a link (the dynamic register's public address,
 * the older public form): the ALTCHA widget solves its proof of work from our own API, and the
 * solution goes with the start, which the server accepts once. A closed registration (404) is
 * handed to the page; any other refusal (a used or failed captcha, too many starts) is shown here
 * and the captcha starts again.
 */
export function PublicStart({
  start,
  onClosed,
  intro,
}: {
  /** Starts the journey with the captcha's solution; the page moves on when it resolves. */
  start: (captcha: string) => Promise<void>;
  onClosed: (message: string) => void;
  intro: string;
}) {
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const { t, tm, dir } = useT();

  async function onStart(): Promise<void> {
    if (!captcha) return;
    setStarting(true);
    setError(null);
    try {
      await start(captcha);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) {
        onClosed(caught.message);
        return;
      }
      setError(tm(caught instanceof Error ? caught.message : 'There is something wrong'));
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
    } finally {
      setStarting(false);
    }
  }

  return (
    <GuestPage title={t('public.title')} footerRoom={0}>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        <Text size="sm" c="dimmed">
          {t('public.robotCheck')}
        </Text>
        <Captcha key={captchaKey} onVerified={setCaptcha} />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button
          onClick={() => void onStart()}
          loading={isStarting}
          disabled={!captcha}
          rightSection={dir === 'rtl' ? <IconArrowLeft size={16} aria-hidden /> : <IconArrowRight size={16} aria-hidden />}
          fullWidth
        >
          {t('public.startRegistration')}
        </Button>
      </Stack>
    </GuestPage>
  );
}
