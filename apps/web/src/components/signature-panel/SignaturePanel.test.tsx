import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { E_SIGN_CONSENT } from '@sanad/contracts/signature';
import { SignaturePanel } from './SignaturePanel';
import type { SignatureValue } from './signature-state';
import type { SignatureStorage } from './signature-storage';

afterEach(cleanup);

type Save = SignatureStorage['save'];
type Load = SignatureStorage['load'];

function renderPanel(initial: SignatureValue, storage: SignatureStorage) {
  const changes: SignatureValue[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <SignaturePanel
        value={value}
        storage={storage}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return changes;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the Signature Panel', () => {
  it('is titled Signature Panel, and keeps name, position, date and agree disabled until a signature is drawn', () => {
    renderPanel({}, { save: vi.fn<Save>(), load: vi.fn<Load>() });
    expect(screen.getByRole('group', { name: /Signature Panel/ })).toBeTruthy();
    expect(field(/^Name/).disabled).toBe(true);
    expect(field(/^Position/).disabled).toBe(true);
    expect(field(/^Date/).disabled).toBe(true);
    const agree = screen.getByRole('checkbox', { name: E_SIGN_CONSENT }) as HTMLInputElement;
    expect(agree.disabled).toBe(true);
    expect(screen.getByRole('img', { name: 'Signature pad' })).toBeTruthy();
  });

  it('fetches a saved signature from the stored file the form names', async () => {
    const load = vi.fn<Load>(async () => new Blob(['png'], { type: 'image/png' }));
    renderPanel({ sign: 'abcdefgh12.enc', name: 'Amina' }, { save: vi.fn<Save>(), load });
    await waitFor(() => expect(load).toHaveBeenCalledWith('abcdefgh12.enc'));
    expect(field(/^Name/).disabled).toBe(false);
  });

  it('Clear wipes the signature, disables the fields, unticks agree and empties name, position and date', async () => {
    const changes = renderPanel(
      { sign: 'abcdefgh12.enc', name: 'Amina Qureshi', position: 'Owner', date: '27-11-2026', agree: true },
      { save: vi.fn<Save>(), load: vi.fn<Load>(async () => new Blob()) },
    );
    expect(field(/^Name/).value).toBe('Amina Qureshi');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(changes.at(-1)).toEqual({ sign: undefined, name: '', position: '', date: '', agree: false });
    expect(field(/^Name/).disabled).toBe(true);
    expect(field(/^Name/).value).toBe('');
    expect(field(/^Position/).value).toBe('');
    expect(field(/^Date/).value).toBe('');
    expect((screen.getByRole('checkbox', { name: E_SIGN_CONSENT }) as HTMLInputElement).checked).toBe(false);
  });

  it('says at once which forbidden character a name holds', () => {
    renderPanel({ sign: 'abcdefgh12.enc' }, { save: vi.fn<Save>(), load: vi.fn<Load>(async () => new Blob()) });
    fireEvent.change(field(/^Name/), { target: { value: 'Amina@Qureshi' } });
    expect(screen.getByText('Name cannot contain special characters such as @')).toBeTruthy();
  });

  it('offers typing the signature instead of drawing it, for keyboard users', () => {
    renderPanel({}, { save: vi.fn<Save>(async () => 'zzzzzzzz99.enc'), load: vi.fn<Load>() });
    fireEvent.click(screen.getByRole('button', { name: 'Type instead' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Type your signature' }), { target: { value: 'Amina Qureshi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    // Typing counts as drawing: the fields open.
    expect(field(/^Name/).disabled).toBe(false);
  });
});
