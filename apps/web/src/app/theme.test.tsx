import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider, Notification } from '@mantine/core';
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
});
