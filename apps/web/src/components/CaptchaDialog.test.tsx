import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { CaptchaDialog } from './CaptchaDialog';

afterEach(cleanup);

describe('the captcha dialog before a code submission', () => {
  it('offers no close button', () => {
    render(
      <MantineProvider env="test">
        <CaptchaDialog opened onVerified={vi.fn<(payload: string) => void>()} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('dialog', { name: 'Verify you are human' })).not.toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
