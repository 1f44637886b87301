import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { Loading } from './Loading';

const CHALLENGE_URL = `/api/${SESSION_ENDPOINTS.captchaChallenge.path}`;

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
    const element = widget.current;
    if (!isReady || !element) return undefined;
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [isReady]);

  if (hasFailed) return <Text c="red">The captcha could not be loaded. Please reload the page.</Text>;
  if (!isReady) return <Loading />;
  return <altcha-widget ref={widget} challenge={CHALLENGE_URL} auto="onload" />;
}
