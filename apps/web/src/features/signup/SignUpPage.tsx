import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ZSignUpRequest } from '@sanad/contracts/public-forms';
import { Captcha } from '../../components/Captcha';
import { GuestPage } from '../../components/GuestPage';
import { ApiError } from '../../lib/api-client';
import { fieldErrorsFrom } from '../../lib/first-issue';
import { signUp } from './api/sign-up';

const EMPTY = { companyName: '', fullName: '', email: '', phoneNumber: '' };

/** /signup (guest-only): a trial account for a company; the activation link arrives by e-mail. */
export default function SignUpPage() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => setForm({ ...form, [name]: event.currentTarget.value }),
    error: errors[name],
  });

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = ZSignUpRequest.safeParse({ ...form, captcha: captcha ?? undefined });
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
      setDone(await signUp(parsed.data));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'There is something wrong');
      if (caught instanceof ApiError && caught.errors) setErrors(Object.fromEntries(Object.entries(caught.errors).map(([key, value]) => [key, value[0] ?? ''])));
      // A captcha solution is accepted once: every attempt needs a new one.
      setCaptcha(null);
      setCaptchaKey((key) => key + 1);
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <GuestPage title="Check your e-mail">
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {done}
        </Alert>
        <Anchor component={Link} to="/" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </GuestPage>
    );
  }

  return (
    <GuestPage title="Start your free trial" subtitle="Try identity verification and AML screening with your team.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Company name" autoComplete="organization" required {...field('companyName')} />
          <TextInput label="Contact name" autoComplete="name" required {...field('fullName')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextInput label="Phone number" type="tel" autoComplete="tel" placeholder="+92 300 1234567" required {...field('phoneNumber')} />
          <Captcha key={captchaKey} onVerified={setCaptcha} />
          <Button type="submit" loading={isSubmitting} disabled={!captcha} fullWidth>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </GuestPage>
  );
}
