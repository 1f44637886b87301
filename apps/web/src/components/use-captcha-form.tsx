import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { firstOfEach, validateWith, type FieldErrors } from '../lib/form-errors';
import { Captcha } from './Captcha';

/**
 * A signed-out form sent with a captcha (contact us, sign up): the contract's schema checks the
 * values with the captcha's solution; a refusal shows the first error and each field's own. A
 * solution is accepted once, so the captcha starts again after every attempt.
 */
export function useCaptchaForm<V extends Record<string, string>, S extends z.ZodType>(
  empty: V,
  schema: S,
  send: (data: z.output<S>) => Promise<string>,
) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  const field = (name: keyof V & string) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name],
  });

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const checked = validateWith(schema, { ...values, captcha: captcha ?? undefined });
    if (!checked.isValid) {
      setErrors(checked.errors);
      setError(checked.first);
      return;
    }
    setErrors({});
    setError(null);
    setSubmitting(true);
    try {
      setAnswer(await send(checked.data));
      setValues(empty);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'There is something wrong');
      if (caught instanceof ApiError && caught.errors) setErrors(firstOfEach(caught.errors));
    } finally {
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
      setSubmitting(false);
    }
  }

  const captchaWidget: ReactNode = <Captcha key={captchaKey} onVerified={setCaptcha} />;
  return { field, onSubmit, error, answer, isSubmitting, hasCaptcha: captcha !== null, captchaWidget };
}

export type CaptchaFormState = Pick<
  ReturnType<typeof useCaptchaForm>,
  'onSubmit' | 'error' | 'isSubmitting' | 'hasCaptcha' | 'captchaWidget'
>;
