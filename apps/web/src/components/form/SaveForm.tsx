import type { ReactNode } from 'react';
import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';

export interface SaveFormProps {
  /** The first client or server error, shown above the fields. */
  error: string | null | undefined;
  isSaving: boolean;
  submitLabel: string;
  onSubmit: () => unknown;
  /** Shown as a Cancel button, disabled while saving; without it the form has only its submit. */
  onCancel?: () => void;
  /** Shown above the error, e.g. a success message once the form is done. */
  notice?: ReactNode;
  /** Cancel and submit both disabled, e.g. once the form is done and the page moves on. */
  isDisabled?: boolean;
  gap?: MantineSpacing;
  footerTop?: MantineSpacing;
  children: ReactNode;
}

/** A form that the browser does not validate: a notice and its error on top, its fields, then Cancel and submit on the right. */
export function SaveForm({
  error,
  isSaving,
  submitLabel,
  onSubmit,
  onCancel,
  notice,
  isDisabled = false,
  gap = 'sm',
  footerTop,
  children,
}: SaveFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isDisabled) void onSubmit();
      }}
      noValidate
    >
      <Stack gap={gap}>
        {notice}
        <ErrorAlert message={error} />
        {children}
        <Group justify="flex-end" mt={footerTop}>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSaving || isDisabled}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={isSaving} disabled={isDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
