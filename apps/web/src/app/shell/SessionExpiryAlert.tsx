import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@sanad/contracts/messages';
import { SESSION_CHECK_INTERVAL_MS } from '@sanad/contracts/constants';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { api } from '../../lib/api';
import { extendExpiry, getTokenExpiry, useTokenExpiry } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { toastError, toastSuccess } from '../../lib/toast';
import { isInAlertWindow } from './session-check';

/**
 * Checks the session every 60 seconds. Between 14 and 16 minutes before expiry it asks the user
 * to confirm within the next 15 minutes; confirming calls users/sessionUpdate and extends the
 * stored expiry. An expired session signs out.
 */
export function SessionExpiryAlert() {
  const navigate = useNavigate();
  const expiry = useTokenExpiry();
  const [checkedAt, setCheckedAt] = useState(() => Date.now());
  // The expiry the user already answered for; the alert does not reopen for it.
  const [answeredExpiry, setAnsweredExpiry] = useState<number | null>(null);
  const [isExtending, setExtending] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const now = Date.now();
      setCheckedAt(now);
      const current = getTokenExpiry();
      if (current !== null && current <= now) void signOut().then(({ isLeaving }) => (isLeaving ? undefined : navigate('/')));
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [navigate]);

  const isOpen = isInAlertWindow(expiry, checkedAt) && answeredExpiry !== expiry;

  async function extend(): Promise<void> {
    setExtending(true);
    try {
      const { data, message } = await api(SESSION_ENDPOINTS.extend);
      extendExpiry(data.expiresIn);
      toastSuccess(message);
    } catch {
      setAnsweredExpiry(expiry);
      toastError(MESSAGES.sessionExtendFailed);
    } finally {
      setExtending(false);
    }
  }

  async function leave(): Promise<void> {
    const { isLeaving } = await signOut();
    if (!isLeaving) await navigate('/');
  }

  return (
    <Modal
      opened={isOpen}
      onClose={() => setAnsweredExpiry(expiry)}
      title="Your session is about to expire"
      centered
      closeOnClickOutside={false}
    >
      <Text mb="lg">
        For your security you will be signed out in about 15 minutes. Please confirm within the next 15 minutes to stay signed in.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void leave()}>
          Sign out
        </Button>
        <Button loading={isExtending} onClick={() => void extend()}>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
