import { useState, type FormEvent } from 'react';
import { Button, Group, List, PasswordInput, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PASSWORD_MESSAGES, PASSWORD_SYMBOLS, ZNewPassword, type TNewPassword } from '@sanad/contracts/passwords';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { validateWith, type FieldErrors } from '../../../lib/form-errors';

/**
 * A new password and its confirmation, checked with the same rules as the server; the
 * tooltip says the last 10 passwords cannot be reused. Refusals show the first error, else the
 * message, else 'There is something wrong'.
 */
export function NewPasswordForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (body: TNewPassword) => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const result = validateWith(ZNewPassword, { password, passwordConfirmation });
    if (!result.isValid) {
      setErrors(result.errors);
      setError(result.first);
      return;
    }
    setErrors({});
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(result.data);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'There is something wrong');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <ErrorAlert message={error} withIcon />
        <PasswordInput
          label={
            <Group gap={4} component="span" display="inline-flex">
              New password
              <Tooltip label={PASSWORD_MESSAGES.historyHint} multiline w={240} withArrow>
                <span data-testid="password-history-hint" style={{ display: 'inline-flex', color: 'var(--mantine-color-dimmed)' }}>
                  <IconInfoCircle size={15} aria-hidden />
                </span>
              </Tooltip>
            </Group>
          }
          // Screen readers get the tooltip's sentence as the field's description.
          description={<VisuallyHidden>{PASSWORD_MESSAGES.historyHint}</VisuallyHidden>}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          required
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          value={passwordConfirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={errors.passwordConfirmation}
          required
        />
        <div>
          <Text size="xs" c="dimmed">
            Your password needs:
          </Text>
          <List size="xs" c="dimmed" spacing={0}>
            <List.Item>6 to 20 characters, without spaces</List.Item>
            <List.Item>a digit, a lowercase and an uppercase letter</List.Item>
            <List.Item>one of {PASSWORD_SYMBOLS}</List.Item>
          </List>
        </div>
        <Button type="submit" loading={isSubmitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
