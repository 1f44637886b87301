import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { useT, type Translator } from '../lib/i18n/use-t';
import type { TLanguage } from '../lib/i18n/languages';
import { Loading } from './Loading';

const CHALLENGE_URL = `/api/${SESSION_ENDPOINTS.captchaChallenge.path}`;

/** ALTCHA's link in its footer, as the widget writes it; the words around it are ours. */
const ALTCHA_LINK = (label: string) => `<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="${label}">ALTCHA</a>`;

/**
 * The widget's own texts (its checkbox label, 'Verifying...', 'Verified', its errors) from our
 * catalogue, under ALTCHA's names for them, so the widget speaks the language on screen with the
 * catalogue's words rather than English or ALTCHA's own translations.
 */
export function widgetStrings({ t }: Pick<Translator, 't'>): Record<string, string> {
  return {
    ariaLinkLabel: t('captcha.widgetLink'),
    cancel: t('captcha.widgetCancel'),
    enterCode: t('captcha.widgetEnterCode'),
    enterCodeAria: t('captcha.widgetEnterCodeAria'),
    enterCodeFromImage: t('captcha.widgetEnterCodeFromImage'),
    error: t('captcha.widgetError'),
    expired: t('captcha.widgetExpired'),
    footer: t('captcha.widgetFooter', { altcha: ALTCHA_LINK(t('captcha.widgetLink')) }),
    getAudioChallenge: t('captcha.widgetAudio'),
    label: t('captcha.widgetLabel'),
    loading: t('common.loading'),
    reload: t('captcha.widgetReload'),
    verify: t('captcha.widgetVerify'),
    verificationRequired: t('captcha.widgetRequired'),
    verified: t('captcha.widgetVerified'),
    verifying: t('captcha.widgetVerifying'),
    waitAlert: t('captcha.widgetWait'),
  };
}

/**
 * Registers the language's texts with ALTCHA. Its widgets read them from one shared store keyed
 * by language and redraw when it changes; `globalThis.$altcha` exists once the widget's code ran.
 */
function registerWidgetStrings(language: TLanguage, strings: Record<string, string>): void {
  globalThis.$altcha.i18n.set(language, strings);
}

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
  const translator = useT();
  const { t, language } = translator;
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

  // Before the first paint of the widget in this language, so it never flashes English.
  useLayoutEffect(() => {
    if (isReady) registerWidgetStrings(language, widgetStrings(translator));
  }, [isReady, language, translator]);

  useEffect(() => {
    const element = widget.current;
    if (!isReady || !element) return undefined;
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [isReady]);

  if (hasFailed) return <Text c="red">{t('captcha.failed')}</Text>;
  if (!isReady) return <Loading />;
  // The language is always named: left unset, ALTCHA would follow <html lang> or the browser.
  return <altcha-widget ref={widget} challenge={CHALLENGE_URL} auto="onload" language={language} />;
}
