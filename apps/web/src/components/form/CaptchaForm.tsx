import type { ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import type { CaptchaFormState } from '../use-captcha-form';
import { ErrorAlert } from './ErrorAlert';

/** The body of a signed-out form: a notice, its error, the fields, the captcha, the submit (enabled once solved) and the links below. */
export function CaptchaForm({
  form,
  submitLabel,
  notice,
  footer,
  children,
}: {
  form: CaptchaFormState;
  submitLabel: string;
  notice?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <Stack gap="md">
        {notice}
        <ErrorAlert message={form.error} withIcon />
        {children}
        {form.captchaWidget}
        <Button type="submit" loading={form.isSubmitting} disabled={!form.hasCaptcha} fullWidth>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
