import { describe, expect, it } from 'vitest';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import { customAnswerLine, recordSections } from './record-sections';

const customAnswers = (dynamicInputValues: TCustomerRecord['dynamicInputValues']) =>
  recordSections({ dynamicInputValues }).find((section) => section.key === 'customAnswers')?.lines;

describe('the custom answers of a record', () => {
  it('reads choices, lists and yes/no as text under the label the customer read', () => {
    expect(customAnswers({ 'Preferred branch': 'Dubai Mall', Languages: ['Urdu', 'English'], 'Has a locker': true, Empty: null })).toEqual([
      { label: 'Preferred branch', value: 'Dubai Mall' },
      { label: 'Languages', value: 'Urdu, English' },
      { label: 'Has a locker', value: 'Yes' },
    ]);
  });

  it('names the stored file of a file answer under its original name, to be opened through the file route', () => {
    expect(customAnswers({ 'Proof of address': { kind: 'file', fileName: 'AbCdEfGh1234.enc', originalFileName: 'bill.pdf' } })).toEqual([
      { label: 'Proof of address', value: 'bill.pdf', file: { kind: 'file', fileName: 'AbCdEfGh1234.enc' } },
    ]);
    expect(customAnswerLine('Payslip', { kind: 'file', fileName: 'AbCdEfGh1234.enc' })).toMatchObject({ value: 'Uploaded file' });
  });

  it('shows a signature answer as the image its stored file holds', () => {
    expect(customAnswers({ 'Your signature': { kind: 'signature', fileName: 'ZyXwVuTs9876.enc' } })).toEqual([
      { label: 'Your signature', value: 'Signed', file: { kind: 'signature', fileName: 'ZyXwVuTs9876.enc' } },
    ]);
  });

  it('reads a bare stored name, as records written before kept file answers, as a file, and other text as text', () => {
    expect(customAnswerLine('Proof', 'AbCdEfGh1234.enc')).toEqual({
      label: 'Proof',
      value: 'Uploaded file',
      file: { kind: 'file', fileName: 'AbCdEfGh1234.enc' },
    });
    expect(customAnswerLine('Note', 'see attached.enc')).toEqual({ label: 'Note', value: 'see attached.enc' });
  });
});
