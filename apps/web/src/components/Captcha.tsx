import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { useT } from '../lib/i18n/use-t';
import type { TLanguage } from '../lib/i18n/languages';
import { Loading } from './Loading';

const CHALLENGE_URL = `/api/${SESSION_ENDPOINTS.captchaChallenge.path}`;

/** ALTCHA's own wording of the widget in our other languages, loaded with the widget when needed. */
const WIDGET_LANGUAGES: Record<Exclude<TLanguage, 'en'>, () => Promise<unknown>> = {
  ar: () => import('altcha/i18n/ar'),
  ur: () => import('altcha/i18n/ur'),
};

interface CaptchaProps {
  /** Called with the ALTCHA payload once the proof of work is done, or null when it expires. */
  onVerified: (payload: string | null) => void;
}

/**
 * The self-hosted ALTCHA widget: the browser solves a proof-of-work challenge from our own API
 * and hands back a response token. The widget's code loads only when a captcha is shown.
 */
export function Captcha({ onVerified }: CaptchaProps) {
  const [isReady, setReady] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const { t, language } = useT();
  const [loadedLanguage, setLoadedLanguage] = useState<TLanguage>('en');
  const widgetLanguage = language === loadedLanguage ? language : 'en';
  const onStateChange = useEffectEvent((event: Event) => {
    const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
    if (state === 'verified' && payload) onVerified(payload);
    else if (state === 'expired' || state === 'error') onVerified(null);
  });

  useEffect(() => {
    let isCancelled = false;
    import('altcha').then(() => !isCancelled && setReady(true)).catch(() => !isCancelled && setFailed(true));
    return () => {
      isCancelled = true;
    };
  }, []);

  useEffect(() => {
    if (language === 'en') return undefined;
    let isCancelled = false;
    WIDGET_LANGUAGES[language]()
      .then(() => !isCancelled && setLoadedLanguage(language))
      .catch(() => undefined);
    return () => {
      isCancelled = true;
    };
  }, [language]);

  useEffect(() => {
    const element = widget.current;
    if (!isReady || !element) return undefined;
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [isReady]);

  if (hasFailed) return <Text c="red">{t('captcha.failed')}</Text>;
  if (!isReady) return <Loading />;
  return (
    <altcha-widget
      ref={widget}
      challenge={CHALLENGE_URL}
      auto="onload"
      {...(widgetLanguage === 'en' ? {} : { language: widgetLanguage })}
    />
  );
}
