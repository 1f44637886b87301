import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  SIGNATURE_FIELD_CONSENT,
  ZFormField,
  type TFormAnswer,
  type TFormAnswers,
  type TFormDefinition,
  type TFormFieldInput,
} from '@sanad/contracts/form-builder';
import { setLinkSession } from '../../lib/link-session';
import { DynamicForm } from './DynamicForm';
import { PREVIEW_FILE_ANSWER, previewFormFiles, type FormFiles } from './form-files';

const MB = 1024 * 1024;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

interface Sent {
  url: string;
  headers: Headers;
  form: FormData;
}
let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const form = init?.body as FormData;
    sent.push({ url: String(input), headers: new Headers(init?.headers), form });
    const file = form.get('file') as File;
    return json({
      status: true,
      message: 'File uploaded successfully',
      data: {
        fileName: `stored${sent.length}abcdef.enc`,
        originalFileName: file.name,
        originalName: file.name,
        contentType: file.type,
        size: file.size,
        uploadedAt: '2026-11-28T06:00:00.000Z',
      },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setLinkSession(null);
});

const field = (input: Partial<TFormFieldInput> & { key: string }) => ZFormField.parse({ type: 'text', label: { en: input.key }, ...input });
const form = (...fields: ReturnType<typeof field>[]): TFormDefinition => ({
  sections: [{ key: 'papers', title: { en: 'Papers' }, fields }],
});

function renderForm(definition: TFormDefinition, files?: FormFiles) {
  const changes: Array<[string, TFormAnswer]> = [];
  function Harness() {
    const [answers, setAnswers] = useState<TFormAnswers>({});
    return (
      <DynamicForm
        definition={definition}
        answers={answers}
        {...(files ? { files } : {})}
        onChange={(key, value) => {
          changes.push([key, value]);
          setAnswers((current) => ({ ...current, [key]: value }));
        }}
      />
    );
  }
  const view = render(
    <MantineProvider env="test">
      <Harness />
    </MantineProvider>,
  );
  return { changes, view };
}

function choose(container: HTMLElement, file: File): void {
  const input = container.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const pdf = (name = 'payslip.pdf', size = 1000) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const proofForm = form(
  field({ key: 'proof', type: 'file', label: { en: 'Proof of income' }, required: true, accept: ['application/pdf'], maxSizeMb: 2 }),
);

describe('a file field of a dynamic form', () => {
  it('refuses a file of a type the field does not take, or too large, without uploading it', async () => {
    const { changes, view } = renderForm(proofForm);
    choose(view.container, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('File format not supported: Proof of income takes application/pdf')).toBeTruthy();
    choose(view.container, pdf('big.pdf', 3 * MB));
    expect(await screen.findByText('File size must be less than 2 MB')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(changes).toEqual([]);
  });

  it("uploads an accepted file through the files API with the journey's link and answers the stored name; Remove clears it", async () => {
    setLinkSession({ token: 'link-token-1', dataSegmentId: 'segment-1' });
    const { changes, view } = renderForm(proofForm);
    choose(view.container, pdf());
    await waitFor(() => expect(changes).toEqual([['proof', 'stored1abcdef.enc']]));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/files/');
    expect(sent[0]?.headers.get('x-onboarding-token')).toBe('link-token-1');
    expect(sent[0]?.form.get('type')).toBe('documents');
    expect(sent[0]?.form.get('dataSegmentId')).toBe('segment-1');
    expect(screen.getByTestId('uploaded-file').textContent).toBe('payslip.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Proof of income' }));
    expect(changes.at(-1)).toEqual(['proof', null]);
    expect(view.container.querySelector('input[type="file"]')).toBeTruthy();
  });

  it('shows what the server refuses under the field', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: false, message: 'File format is not allowed' }), { status: 415 }),
    );
    const { changes, view } = renderForm(proofForm);
    choose(view.container, pdf());
    expect(await screen.findByText('File format is not allowed')).toBeTruthy();
    expect(changes).toEqual([]);
  });

  it('in the builder preview, checks the file but uploads nothing', async () => {
    const { changes, view } = renderForm(proofForm, previewFormFiles);
    choose(view.container, pdf());
    await waitFor(() => expect(changes).toEqual([['proof', PREVIEW_FILE_ANSWER]]));
    expect(screen.getByText('Preview: not uploaded')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('a signature field of a dynamic form', () => {
  const signatureForm = form(field({ key: 'sig', type: 'signature', label: { en: 'Your signature' }, required: true }));

  beforeEach(() => {
    // jsdom has no canvas: the pad's PNG is a stand-in blob.
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback: BlobCallback) {
      callback(new Blob(['png'], { type: 'image/png' }));
    });
  });

  it('is drawn on the Signature Panel pad; a finished stroke uploads the PNG and answers its stored name; Clear removes it', async () => {
    const { changes } = renderForm(signatureForm);
    const pad = screen.getByRole('img', { name: 'Your signature' });
    fireEvent.pointerDown(pad, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    await waitFor(() => expect(changes).toEqual([['sig', 'stored1abcdef.enc']]));
    expect(sent[0]?.form.get('type')).toBe('customers');
    expect((sent[0]?.form.get('file') as File | undefined)?.name).toBe('signature.png');
    expect(await screen.findByText('Signature saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Your signature' }));
    expect(changes.at(-1)).toEqual(['sig', null]);
  });

  it('draws in the builder preview without uploading', async () => {
    const { changes } = renderForm(signatureForm, previewFormFiles);
    const pad = screen.getByRole('img', { name: 'Your signature' });
    fireEvent.pointerDown(pad, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    await waitFor(() => expect(changes).toEqual([['sig', PREVIEW_FILE_ANSWER]]));
    expect(await screen.findByText('Preview: the signature is not uploaded')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("states the consent to sign electronically before the pad when the field writes the record's signature", () => {
    renderForm(signatureForm);
    expect(screen.queryByText(SIGNATURE_FIELD_CONSENT)).toBeNull();
    cleanup();
    renderForm(form(field({ key: 'sig', type: 'signature', label: { en: 'Your signature' }, required: true, mapsTo: 'signature' })));
    const consent = screen.getByText(SIGNATURE_FIELD_CONSENT);
    expect(screen.getByRole('img', { name: 'Your signature' }).getAttribute('aria-describedby')).toContain(consent.id);
  });
});
