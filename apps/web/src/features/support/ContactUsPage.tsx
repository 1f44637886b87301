import { Alert, Anchor, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ZSupportRequest } from '@sanad/contracts/support';
import { CaptchaForm } from '../../components/form/CaptchaForm';
import { GuestPage } from '../../components/GuestPage';
import { useCaptchaForm } from '../../components/use-captcha-form';
import { sendSupportRequest } from './api/send-support-request';

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** /contact-us (guest-only): a message to support; the server's answer or error message is shown. */
export default function ContactUsPage() {
  const form = useCaptchaForm(EMPTY, ZSupportRequest, sendSupportRequest);
  const notice = form.answer ? (
    <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
      {form.answer}
    </Alert>
  ) : null;
  const footer = (
    <Anchor component={Link} to="/" size="sm" ta="center">
      Back to sign in
    </Anchor>
  );

  return (
    <GuestPage title="Contact us" subtitle="Questions about Sanad, pricing or your account? Write to us." width={560}>
      <CaptchaForm form={form} submitLabel="Send message" notice={notice} footer={footer}>
        <TextInput label="Name" autoComplete="name" required {...form.field('name')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextInput label="Subject" required {...form.field('subject')} />
        <Textarea label="Message" required autosize minRows={5} maxRows={12} {...form.field('message')} />
      </CaptchaForm>
    </GuestPage>
  );
}
