import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SUCCESS_MESSAGE_DISMISS_MS } from '@sanad/contracts/constants';
import { ApiError } from './api-client';
import { toastError, toastSuccess } from './toast';

/**
 * The global save behaviour: on success a toast with the server's message, the popup
 * closes, and after 3 seconds messages clear, the form resets and the list reloads; on failure
 * loading stops and the first server error shows. The list is also refreshed at once, so the
 * change is visible without waiting.
 */
export function useSaveFlow(options: { listPath?: string; onClose?: () => void; onReset?: () => void }) {
  const queryClient = useQueryClient();
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const timer = useRef<number | null>(null);

  const reloadList = () => (options.listPath ? queryClient.invalidateQueries({ queryKey: ['list', options.listPath] }) : Promise.resolve());

  async function run<T>(save: () => Promise<{ message: string; data: T }>): Promise<T | null> {
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      const { message, data } = await save();
      toastSuccess(message);
      options.onClose?.();
      void reloadList();
      if (timer.current) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        setError(null);
        setFieldErrors({});
        options.onReset?.();
        void reloadList();
      }, SUCCESS_MESSAGE_DISMISS_MS);
      return data;
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      setError(message);
      if (caught instanceof ApiError && caught.errors) setFieldErrors(caught.errors);
      toastError(message);
      return null;
    } finally {
      setSaving(false);
    }
  }

  /** Forgets the last failure, e.g. when a shared flow's form opens again. */
  function clearErrors(): void {
    setError(null);
    setFieldErrors({});
  }

  return { run, isSaving, error, fieldErrors, clearErrors };
}
