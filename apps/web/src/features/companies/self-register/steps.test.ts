import { describe, expect, it } from 'vitest';
import { COMPANY_STEPS, companyStepCaption, companyStepIndex, companyStepNumber, companyStepPath, isCompanyStep } from './steps';

describe('the company self-register steps (KB-04)', () => {
  it('are upload-document, setup-profile, account-info, preview and finish, numbered 1, 3, 4, 5, 6', () => {
    expect(COMPANY_STEPS.map((step) => [step.name, step.number])).toEqual([
      ['upload-document', 1],
      ['setup-profile', 3],
      ['account-info', 4],
      ['preview', 5],
      ['finish', 6],
    ]);
  });

  it('skip number 2, the individual record-video step', () => {
    expect(COMPANY_STEPS.map((step) => step.number)).not.toContain(2);
    expect(isCompanyStep('record-video')).toBe(false);
    expect(companyStepNumber('setup-profile')).toBe(3);
    expect(companyStepIndex('setup-profile')).toBe(1);
  });

  it('live under /self-register-company and count to 6 on a phone', () => {
    expect(companyStepPath('account-info')).toBe('/self-register-company/account-info');
    expect(companyStepCaption('upload-document')).toBe('Step 1 of 6: Upload documents');
    expect(companyStepCaption('preview')).toBe('Step 5 of 6: Preview');
  });
});
