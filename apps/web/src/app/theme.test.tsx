import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FileInput, MantineProvider, Notification } from '@mantine/core';
import { DEFAULT_DISPLAY_SETTINGS } from '@sanad/contracts/branding-defaults';
import { buildTheme } from './theme';

describe('theme', () => {
  it('names the close button of a toast for screen readers, though the caller passed no label', () => {
    render(
      <MantineProvider theme={buildTheme(DEFAULT_DISPLAY_SETTINGS)}>
        <Notification title="Saved">The profile was saved</Notification>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('names it, and the button that clears a chosen file, in the language on screen when given one', () => {
    render(
      <MantineProvider theme={buildTheme(DEFAULT_DISPLAY_SETTINGS, { close: 'إغلاق', remove: 'إزالة' })}>
        <Notification title="تم الحفظ">تم حفظ الملف</Notification>
        <FileInput label="الوثيقة" clearable value={new File(['scan'], 'front.png')} onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إزالة' })).toBeTruthy();
  });
});
