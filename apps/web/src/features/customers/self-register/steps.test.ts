import { describe, expect, it } from 'vitest';
import { SELF_REGISTER_STEPS, errorsOfStep, firstStepWithErrors, stepOfField, validateUpTo } from './steps';
import { newDraft, toSubmission, withSection } from './draft';

const key = () => '0b6f7c1e-4d1a-4b7e-9a56-0f5f3d1c2b10';

function completeDraft() {
  let draft = newDraft(key);
  draft = withSection(draft, 'basicInfo', {
    firstName: 'Amina',
    lastName: 'Qureshi',
    dateOfBirth: '1986-03-14',
    nationalityId: 'PK',
    countryOfResidenceId: 'PK',
  });
  draft = withSection(draft, 'identityInfo', { type: 'id', number: '3520212345671' });
  draft = withSection(draft, 'contactInfo', { phoneNumber: '+92 300 1234567', email: 'amina@example.test' });
  return draft;
}

describe('self-register steps', () => {
  it('has the seven steps numbered in the spec order', () => {
    expect(SELF_REGISTER_STEPS.map((step) => step.name)).toEqual([
      'upload-document',
      'record-video',
      'setup-profile',
      'account-info',
      'additional-info',
      'preview',
      'finish',
    ]);
  });

  it('places each field on the step that holds it', () => {
    expect(stepOfField('basicInfo.firstName')).toBe('setup-profile');
    expect(stepOfField('identityInfo.number')).toBe('setup-profile');
    expect(stepOfField('crsInfo.taxCountries.0.tin')).toBe('account-info');
    expect(stepOfField('additionalInfo.investment')).toBe('additional-info');
    expect(stepOfField('documentInfo.identity.fileName')).toBe('upload-document');
    expect(stepOfField('submissionKey')).toBe('preview');
    expect(firstStepWithErrors({ 'accountInfo.products': 'x', 'basicInfo.lastName': 'y' })).toBe('setup-profile');
    expect(firstStepWithErrors({})).toBeNull();
    expect(errorsOfStep({ 'accountInfo.products': 'x', 'basicInfo.lastName': 'y' }, 'account-info')).toEqual({
      'accountInfo.products': 'x',
    });
  });

  it('lets the first steps pass empty, and stops setup-profile with the contract messages', () => {
    const empty = toSubmission(newDraft(key), null);
    expect(validateUpTo(empty, 'record-video')).toEqual({});
    const errors = validateUpTo(empty, 'setup-profile');
    expect(errors['basicInfo.firstName']).toBe('First name is required');
    expect(errors['identityInfo.number']).toBe('ID number is required');
    expect(errors['contactInfo.email']).toBe('Email is required');
  });

  it('accepts a complete draft and refuses a mismatched e-mail confirmation at once', () => {
    const draft = completeDraft();
    expect(validateUpTo(toSubmission(draft, null), 'additional-info')).toEqual({});
    expect(validateUpTo(toSubmission(draft, null), 'preview')).toEqual({ 'signature.sign': 'Signature is required' });
    const signed = withSection(draft, 'signature', { sign: 'abcdefgh12.enc', name: 'Amina Qureshi', date: '27-11-2026', agree: true });
    expect(validateUpTo(toSubmission(signed, null), 'preview')).toEqual({});
    const mismatched = withSection(draft, 'contactInfo', { confirmEmail: 'other@example.test' });
    expect(validateUpTo(toSubmission(mismatched, null), 'setup-profile')).toEqual({ 'contactInfo.confirmEmail': 'Emails do not match' });
  });

  it('treats a blank required field as missing rather than sending an empty string', () => {
    const draft = withSection(completeDraft(), 'basicInfo', { firstName: '   ' });
    expect(validateUpTo(toSubmission(draft, null), 'setup-profile')['basicInfo.firstName']).toBe('First name is required');
  });
});
