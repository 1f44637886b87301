import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { OtpDialog, type OtpDialogProps } from './OtpDialog';

const EXPIRED = 'Your OTP code is expired, please click resend OTP';

function renderDialog(overrides: Partial<OtpDialogProps> = {}) {
  const props: OtpDialogProps = {
    opened: true,
    destination: 'ay***@example.com',
    serverError: null,
    isBusy: false,
    onSubmit: vi.fn<(otp: string) => void>(),
    onResend: vi.fn<() => Promise<boolean>>(async () => true),
    onClose: vi.fn<() => void>(),
    ...overrides,
  };
  const view = render(
    <MantineProvider env="test">
      <OtpDialog {...props} />
    </MantineProvider>,
  );
  const rerender = (next: Partial<OtpDialogProps>) =>
    view.rerender(
      <MantineProvider env="test">
        <OtpDialog {...props} {...next} />
      </MantineProvider>,
    );
  return { props, rerender };
}

const advance = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));
const typeCode = (value: string) => fireEvent.change(screen.getByLabelText(/OTP/), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the Two-Factor Authentication dialog', () => {
  it('starts a 120-second countdown when shown, with Submit OTP while it runs', () => {
    renderDialog();
    expect(screen.queryByRole('dialog', { name: 'Two-Factor Authentication' })).not.toBeNull();
    expect(screen.queryByText('You can resend the code in 120 seconds')).not.toBeNull();
    expect(button('Submit OTP')).toBeTruthy();
    advance(30);
    expect(screen.queryByText('You can resend the code in 90 seconds')).not.toBeNull();
    advance(89);
    expect(screen.queryByText('You can resend the code in 1 seconds')).not.toBeNull();
    expect(screen.queryByText(EXPIRED)).toBeNull();
  });

  it('shows the expiry message and Resend Code at zero', () => {
    renderDialog();
    advance(120);
    expect(screen.queryByText(EXPIRED)).not.toBeNull();
    expect(button('Resend Code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit OTP' })).toBeNull();
    expect(screen.queryByText(/You can resend the code in/)).toBeNull();
  });

  it('asks the parent for a new code on Resend Code, restarts at 120 and clears the error', async () => {
    const onResend = vi.fn<() => Promise<boolean>>(async () => true);
    // A parent as useOtpFlow is: a new code clears the server's last answer.
    function Parent() {
      const [serverError, setServerError] = useState<string | null>('The OTP code is incorrect');
      return (
        <OtpDialog
          opened
          destination={null}
          serverError={serverError}
          isBusy={false}
          onSubmit={vi.fn<(otp: string) => void>()}
          onClose={vi.fn<() => void>()}
          onResend={async () => {
            setServerError(null);
            return onResend();
          }}
        />
      );
    }
    render(
      <MantineProvider env="test">
        <Parent />
      </MantineProvider>,
    );
    typeCode('12');
    expect(screen.queryByText('OTP should not be less than 6 digits')).not.toBeNull();
    advance(120);
    expect(screen.queryByText(EXPIRED)).not.toBeNull();
    await act(async () => {
      fireEvent.click(button('Resend Code'));
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You can resend the code in 120 seconds')).not.toBeNull();
    expect(button('Submit OTP')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('OTP should not be less than 6 digits')).toBeNull();
    expect((screen.getByLabelText(/OTP/) as HTMLInputElement).value).toBe('');
    advance(60);
    expect(screen.queryByText('You can resend the code in 60 seconds')).not.toBeNull();
  });

  it('stays expired when no new code could be sent', async () => {
    const { props } = renderDialog({ onResend: vi.fn<() => Promise<boolean>>(async () => false) });
    advance(120);
    await act(async () => {
      fireEvent.click(button('Resend Code'));
    });
    expect(props.onResend).toHaveBeenCalledTimes(1);
    expect(button('Resend Code')).toBeTruthy();
    expect(screen.queryByText(EXPIRED)).not.toBeNull();
  });

  it.each([
    ['', 'OTP is required'],
    ['12345', 'OTP should not be less than 6 digits'],
    ['1234567', 'OTP should not be greater than 6 digits'],
    ['12ab56', 'OTP should contain digits only'],
  ])('blocks the submission of %j with %j', (value, message) => {
    const { props } = renderDialog();
    typeCode(value);
    fireEvent.click(button('Submit OTP'));
    expect(screen.queryByText(message)).not.toBeNull();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('hands a valid code to the parent', () => {
    const { props } = renderDialog();
    typeCode('042917');
    fireEvent.click(button('Submit OTP'));
    expect(props.onSubmit).toHaveBeenCalledWith('042917');
  });

  it("shows the server's answer to the last submission", () => {
    const { rerender } = renderDialog();
    rerender({ serverError: 'Too many incorrect attempts, please click resend OTP' });
    expect(screen.getByRole('alert').textContent).toBe('Too many incorrect attempts, please click resend OTP');
  });

  it('starts the countdown afresh each time it is shown', () => {
    const { rerender } = renderDialog();
    advance(100);
    rerender({ opened: false });
    advance(5);
    rerender({ opened: true });
    expect(screen.queryByText('You can resend the code in 120 seconds')).not.toBeNull();
  });
});
