import { beforeEach, describe, expect, it } from 'vitest';
import {
  companyErrorsUpTo,
  errorsOfCompanyStep,
  firstCompanyStepWithErrors,
  loadCompanyDraft,
  newCompanyDraft,
  saveCompanyDraft,
  toCompanySubmission,
  type CompanyDraft,
} from './draft';

function filled(): CompanyDraft {
  const draft = newCompanyDraft();
  return {
    ...draft,
    documents: { 'incorporation-certificate': { fileName: 'abc.enc', originalFileName: 'certificate.pdf' } },
    values: { ...draft.values, legalName: 'Harbour Logistics LLC', registrationNumber: 'HL-1' },
    parents: [{ kind: 'person', name: 'Layla Haddad', roles: ['shareholder'], shareholding: 60 }],
  };
}

describe('the company self-register draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept in session storage between steps, and starts afresh when unreadable', () => {
    saveCompanyDraft(filled());
    expect(loadCompanyDraft().values.legalName).toBe('Harbour Logistics LLC');
    sessionStorage.setItem('sanad.self-register-company', '{not json');
    expect(loadCompanyDraft()).toEqual(newCompanyDraft());
  });

  it('sends the documents by kind, the declaration and the parents', () => {
    expect(toCompanySubmission(filled())).toMatchObject({
      documents: [{ kind: 'incorporation-certificate', fileName: 'abc.enc' }],
      companyInfo: { legalName: 'Harbour Logistics LLC', registrationNumber: 'HL-1' },
      parents: [{ name: 'Layla Haddad', shareholding: 60 }],
    });
  });

  it('holds a step to its own fields and earlier ones', () => {
    const empty = newCompanyDraft();
    expect(errorsOfCompanyStep(companyErrorsUpTo(empty, 'upload-document'), 'upload-document')).toEqual({
      'documents.incorporation-certificate': 'Upload the certificate of incorporation',
    });
    // The profile's empty fields do not stop the upload step.
    expect(Object.keys(companyErrorsUpTo(empty, 'upload-document'))).toEqual(['documents.incorporation-certificate']);
    const profile = errorsOfCompanyStep(
      companyErrorsUpTo({ ...filled(), values: newCompanyDraft().values }, 'setup-profile'),
      'setup-profile',
    );
    expect(profile).toMatchObject({ legalName: 'Legal name is required', registrationNumber: 'Registration number is required' });
  });

  it('refuses shares over 100% on account-info and finds the first step with an error', () => {
    const over = filled();
    over.parents.push({ kind: 'person', name: 'Omar Saleh', roles: ['shareholder'], shareholding: 50 });
    const errors = companyErrorsUpTo(over, 'account-info');
    expect(errors.parents).toBe('Shareholdings in Harbour Logistics LLC would add up to 110%; they cannot exceed 100%');
    expect(firstCompanyStepWithErrors(errors)).toBe('account-info');
    expect(firstCompanyStepWithErrors({ 'companyInfo.legalName': 'x', parents: 'y' })).toBe('setup-profile');
  });
});
