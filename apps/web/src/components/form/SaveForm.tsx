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
  gap?: MantineSpacing;
  footerTop?: MantineSpacing;
  children: ReactNode;
}

/** A form that the browser does not validate: its error on top, its fields, then Cancel and submit on the right. */
export function SaveForm({ error, isSaving, submitLabel, onSubmit, onCancel, gap = 'sm', footerTop, children }: SaveFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      <Stack gap={gap}>
        <ErrorAlert message={error} />
        {children}
        <Group justify="flex-end" mt={footerTop}>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
