import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ZSupportRequest } from '@sanad/contracts/public-forms';
import { Captcha } from '../../components/Captcha';
import { GuestPage } from '../../components/GuestPage';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsFrom } from '../../lib/first-issue';
import { sendSupportRequest } from './api/send-support-request';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** /contact-us (guest-only): a message to support; the server's answer or error message is shown. */
export default function ContactUsPage() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => setForm({ ...form, [name]: event.currentTarget.value }),
    error: errors[name],
  });

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = ZSupportRequest.safeParse({ ...form, captcha: captcha ?? undefined });
    if (!parsed.success) {
      const { first, byField } = fieldErrorsFrom(parsed.error.issues);
      setErrors(byField);
      setError(first);
      return;
    }
    setErrors({});
    setError(null);
    setSubmitting(true);
    try {
      setSent(await sendSupportRequest(parsed.data));
      setForm(EMPTY);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'There is something wrong');
      if (caught instanceof ApiError && caught.errors) setErrors(Object.fromEntries(Object.entries(caught.errors).map(([key, value]) => [key, value[0] ?? ''])));
    } finally {
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
      setSubmitting(false);
    }
  }

  return (
    <GuestPage title="Contact us" subtitle="Questions about Sanad, pricing or your account? Write to us." width={560}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {sent ? (
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
              {sent}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Name" autoComplete="name" required {...field('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextInput label="Subject" required {...field('subject')} />
          <Textarea label="Message" required autosize minRows={5} maxRows={12} {...field('message')} />
          <Captcha key={captchaKey} onVerified={setCaptcha} />
          <Button type="submit" loading={isSubmitting} disabled={!captcha} fullWidth>
            Send message
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </GuestPage>
  );
}
