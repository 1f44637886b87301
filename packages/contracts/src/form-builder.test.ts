import { describe, expect, it } from 'vitest';
import {
  FORM_MESSAGES,
  ZFormDefinition,
  ZFormField,
  defaultFormDefinition,
  fileFieldError,
  fileFieldLimitMb,
  formAnswerErrors,
  formDefinitionIssues,
  isFieldVisible,
  localized,
  recordPatchFromAnswers,
  type TFormDefinition,
  type TFormFieldInput,
} from './form-builder';

const field = (input: Partial<TFormFieldInput> & { key: string }) => ZFormField.parse({ type: 'text', label: { en: input.key }, ...input });

/** The default identity form with extra fields in a second section. */
function withFields(...extra: ReturnType<typeof field>[]): TFormDefinition {
  const base = defaultFormDefinition('setup-profile');
  return { sections: [...base.sections, { key: 'more', title: { en: 'More' }, fields: extra }] };
}
const messages = (definition: TFormDefinition, page: 'setup-profile' | 'account-info' = 'setup-profile') =>
  formDefinitionIssues(page, definition).map((issue) => issue.message);

describe('form validator', () => {
  it('accepts every default form', () => {
    for (const page of ['setup-profile', 'account-info', 'additional-info', 'register-setup-profile'] as const)
      expect(formDefinitionIssues(page, defaultFormDefinition(page))).toEqual([]);
  });

  it('refuses duplicate field keys, naming the key', () => {
    expect(messages(withFields(field({ key: 'firstName' })))).toContain(FORM_MESSAGES.duplicateKey('firstName'));
    expect(FORM_MESSAGES.duplicateKey('firstName')).toBe('Two fields use the key "firstName": each field needs its own key');
  });

  it('refuses a key with an underscore, which would not read back from the stored record under its own name', () => {
    expect(ZFormField.safeParse({ type: 'text', key: 'employer_name', label: { en: 'Employer' } }).success).toBe(false);
    expect(ZFormField.safeParse({ type: 'text', key: 'employerName2', label: { en: 'Employer' } }).success).toBe(true);
  });

  it('refuses a condition on a field the form does not have', () => {
    expect(messages(withFields(field({ key: 'employer', showWhen: { field: 'employed' } })))).toEqual([
      '"employer" is shown when "employed" has a value, but the form has no field "employed"',
    ]);
  });

  it('refuses a select or multi-select without options', () => {
    expect(messages(withFields(field({ key: 'colour', type: 'select' }), field({ key: 'tags', type: 'multi-select' })))).toEqual([
      '"colour" is a select without options: add at least one option',
      '"tags" is a select without options: add at least one option',
    ]);
  });

  it('refuses a required field hidden by a condition that can never be met', () => {
    const employed = field({ key: 'employed', type: 'yes-no' });
    // 'maybe' is not a value a yes/no field offers.
    const employer = field({ key: 'employer', required: true, showWhen: { field: 'employed', values: ['maybe'] } });
    expect(messages(withFields(employed, employer))).toEqual([
      '"employer" waits for "employed" to be maybe, which "employed" never offers',
      '"employer" is required but hidden by a condition that can never be met',
    ]);
    // A cycle: each waits for the other.
    const a = field({ key: 'a', required: true, showWhen: { field: 'b' } });
    const b = field({ key: 'b', showWhen: { field: 'a' } });
    expect(messages(withFields(a, b))).toEqual([FORM_MESSAGES.neverShownRequired('a')]);
    // The same condition on an optional field is not a reason to refuse on its own (only the wrong value is).
    expect(messages(withFields(field({ key: 'c', showWhen: { field: 'd' } }), field({ key: 'd', showWhen: { field: 'c' } })))).toEqual([]);
  });

  it('accepts a required field behind a condition that can be met', () => {
    const employed = field({ key: 'employed', type: 'yes-no' });
    const employer = field({ key: 'employer', required: true, showWhen: { field: 'employed', values: ['yes'] } });
    expect(messages(withFields(employed, employer))).toEqual([]);
  });

  it('refuses removing a protected field on an identity page, and allows relabelling and moving it', () => {
    const base = defaultFormDefinition('setup-profile');
    const [personal] = base.sections;
    if (!personal) throw new Error('default form has a section');
    const withoutBirth = { sections: [{ ...personal, fields: personal.fields.filter((entry) => entry.key !== 'dateOfBirth') }] };
    expect(messages(withoutBirth)).toEqual([
      'The protected field Date of birth (basicInfo.dateOfBirth) cannot be removed: relabel or move it instead',
    ]);
    const moved = {
      sections: [
        { ...personal, fields: personal.fields.toReversed().map((entry) => ({ ...entry, label: { en: `Your ${entry.label.en}` } })) },
      ],
    };
    expect(messages(moved)).toEqual([]);
    expect(messages({ sections: [{ key: 'x', title: { en: 'X' }, fields: [field({ key: 'a' })] }] }, 'account-info')).toEqual([]);
  });

  it('keeps protected fields required', () => {
    const base = defaultFormDefinition('register-setup-profile');
    const [personal] = base.sections;
    if (!personal) throw new Error('default form has a section');
    const optional = {
      sections: [{ ...personal, fields: personal.fields.map((entry) => ({ ...entry, required: entry.key !== 'idNumber' })) }],
    };
    expect(formDefinitionIssues('register-setup-profile', optional).map((issue) => issue.message)).toEqual([
      FORM_MESSAGES.protectedOptional('idNumber'),
    ]);
  });

  it('refuses mappings that are unknown, do not fit the type, or repeat', () => {
    expect(
      messages(
        withFields(
          field({ key: 'x', mapsTo: 'basicInfo.secretColumn' }),
          field({ key: 'y', type: 'number', mapsTo: 'contactInfo.email' }),
          field({ key: 'z', mapsTo: 'customInfo.employer' }),
          field({ key: 'w', mapsTo: 'customInfo.employer' }),
        ),
      ),
    ).toEqual([
      '"x" maps to basicInfo.secretColumn, which is neither a record property nor a custom field (customInfo.<key>)',
      '"y" cannot write contactInfo.email: the field type does not fit the property',
      'Two fields write customInfo.employer: map each property once',
    ]);
  });

  it('refuses inverted ranges, duplicate options, display-only answers and self conditions', () => {
    const option = { value: 'a', label: { en: 'A' } };
    expect(
      messages(
        withFields(
          field({ key: 'n', type: 'number', validation: { min: 5, max: 1 } }),
          field({ key: 't', validation: { minLength: 9, maxLength: 2 } }),
          field({ key: 'd', type: 'date', validation: { minDate: '2020-01-02', maxDate: '2020-01-01' } }),
          field({ key: 's', type: 'select', options: [option, option] }),
          field({ key: 'h', type: 'heading', required: true }),
          field({ key: 'me', showWhen: { field: 'me' } }),
          field({ key: 'afterHeading', showWhen: { field: 'h' } }),
        ),
      ),
    ).toEqual([
      FORM_MESSAGES.numberRange('n'),
      FORM_MESSAGES.lengthRange('t'),
      FORM_MESSAGES.dateRange('d'),
      FORM_MESSAGES.duplicateOption('s', 'a'),
      FORM_MESSAGES.displayOnlyAnswer('h'),
      FORM_MESSAGES.selfCondition('me'),
      FORM_MESSAGES.displayCondition('afterHeading', 'h'),
    ]);
  });

  it('refuses malformed definitions structurally', () => {
    expect(ZFormDefinition.safeParse({ sections: [] }).success).toBe(false);
    expect(ZFormField.safeParse({ key: '1bad', type: 'text', label: { en: 'x' } }).success).toBe(false);
    expect(ZFormField.safeParse({ key: 'ok', type: 'text', label: { en: '' } }).success).toBe(false);
    expect(ZFormField.safeParse({ key: 'ok', type: 'text', label: { en: 'x' }, validation: { pattern: '([' } }).success).toBe(false);
  });
});

describe('answers validator', () => {
  const colour = field({
    key: 'colour',
    type: 'select',
    required: true,
    options: [
      { value: 'red', label: { en: 'Red', ar: 'أحمر' } },
      { value: 'other', label: { en: 'Other' } },
    ],
    mapsTo: 'customInfo.favouriteColour',
  });
  const otherColour = field({ key: 'otherColour', required: true, showWhen: { field: 'colour', values: ['other'] } });
  const form = withFields(
    colour,
    otherColour,
    field({ key: 'code', validation: { minLength: 3, maxLength: 5, strictlyAlphanumeric: true } }),
    field({ key: 'postcode', validation: { pattern: '[0-9]{5}' } }),
    field({ key: 'age', type: 'number', validation: { min: 18, max: 120 } }),
    field({ key: 'start', type: 'date', validation: { minDate: '2020-01-01', maxDate: '2020-12-31' } }),
    field({ key: 'mail', type: 'email' }),
    field({ key: 'tel', type: 'phone' }),
    field({ key: 'pep', type: 'yes-no' }),
    field({ key: 'proof', type: 'file', accept: ['application/pdf', '.png'] }),
    field({ key: 'tags', type: 'multi-select', options: [{ value: 'a', label: { en: 'A' } }] }),
  );
  const identity = { firstName: 'Amal', lastName: 'Haddad', dateOfBirth: '1990-05-01', nationality: 'AE', idNumber: 'A12345' };

  it('accepts complete answers', () => {
    expect(formAnswerErrors(form, { ...identity, colour: 'red' })).toEqual({});
    expect(
      formAnswerErrors(form, {
        ...identity,
        colour: 'other',
        otherColour: 'teal',
        age: 30,
        pep: true,
        proof: 'abcdefgh12.enc',
        tags: ['a'],
      }),
    ).toEqual({});
  });

  it('asks for required fields, shown ones only', () => {
    expect(formAnswerErrors(form, { ...identity })).toEqual({ colour: 'colour is required' });
    expect(formAnswerErrors(form, { ...identity, colour: 'other' })).toEqual({ otherColour: 'otherColour is required' });
  });

  it('refuses answers to hidden or unknown fields', () => {
    expect(formAnswerErrors(form, { ...identity, colour: 'red', otherColour: 'teal', ghost: 'x' })).toEqual({
      ghost: 'The form has no field "ghost"',
      otherColour: 'otherColour is not asked with the answers given: leave it empty',
    });
  });

  it('applies each rule with its message', () => {
    const errors = formAnswerErrors(form, {
      ...identity,
      dateOfBirth: '2999-01-01',
      idNumber: 'AB-12',
      colour: 'blue',
      code: 'ab',
      postcode: '12a45',
      age: 12,
      start: '2021-01-01',
      mail: 'not-mail',
      tel: 'call me',
      pep: 'perhaps',
      proof: 'x.exe',
      tags: ['b'],
    });
    expect(errors).toEqual({
      dateOfBirth: expect.stringMatching(/^Date of birth must be on or before \d{4}-\d{2}-\d{2}$/),
      idNumber: 'ID number may hold only letters and digits',
      colour: 'colour must be one of the offered options',
      code: 'code must be at least 3 characters',
      postcode: 'postcode is not in the expected format',
      age: 'age must be at least 18',
      start: 'start must be on or before 2020-12-31',
      mail: 'mail must be an e-mail address',
      tel: 'tel must be a phone number (digits, optionally starting with +)',
      pep: 'pep must be yes or no',
      proof: 'proof must be an uploaded file',
      tags: 'tags must be one of the offered options',
    });
    expect(formAnswerErrors(form, { ...identity, colour: 'red', code: 'abcdef', age: 121, start: '2019-12-31' })).toEqual({
      code: 'code must be at most 5 characters',
      age: 'age must be at most 120',
      start: 'start must be on or after 2020-01-01',
    });
    expect(formAnswerErrors(form, { ...identity, colour: 'red', start: '2020-02-30', age: 'old' })).toEqual({
      start: 'start must be a date (YYYY-MM-DD)',
      age: 'age must be a number',
    });
  });

  it('checks a file for a file field by its accepted types and size, within what the files pipeline takes', () => {
    const proof = field({ key: 'proof', type: 'file', accept: ['application/pdf', '.png'], maxSizeMb: 2 });
    const mb = 1024 * 1024;
    expect(fileFieldError(proof, { name: 'scan.pdf', type: 'application/pdf', sizeBytes: mb })).toBeNull();
    expect(fileFieldError(proof, { name: 'photo.PNG', sizeBytes: mb })).toBeNull();
    expect(fileFieldError(proof, { name: 'photo.jpg', type: 'image/jpeg', sizeBytes: mb })).toBe(
      'File format not supported: proof takes application/pdf, .png',
    );
    expect(fileFieldError(proof, { name: 'scan.pdf', sizeBytes: 3 * mb })).toBe('File size must be less than 2 MB');
    // A type the pipeline never takes is refused even when the field would accept it.
    const anything = field({ key: 'any', type: 'file', accept: ['.csv'], maxSizeMb: 25 });
    expect(fileFieldError(anything, { name: 'list.csv', sizeBytes: 10 })).toBe('File format not supported: any takes .csv');
    expect(fileFieldLimitMb(anything)).toBe(10);
    expect(fileFieldError(field({ key: 'open', type: 'file' }), { name: 'a.exe', sizeBytes: 1 })).toMatch(
      /^File format not supported: open takes \.pdf/,
    );
  });

  it('takes a stored file name as a file or signature answer', () => {
    const papers = withFields(
      field({ key: 'proof', type: 'file', required: true }),
      field({ key: 'sig', type: 'signature', required: true }),
    );
    expect(formAnswerErrors(papers, { ...identity, proof: 'abcdefgh12.enc', sig: 'zzzzzzzz99.enc' })).toEqual({});
    expect(formAnswerErrors(papers, { ...identity })).toEqual({ proof: 'proof is required', sig: 'sig is required' });
    expect(formAnswerErrors(papers, { ...identity, proof: 'passport.pdf', sig: 'data:image/png;base64,AAAA' })).toEqual({
      proof: 'proof must be an uploaded file',
      sig: 'sig must be an uploaded file',
    });
  });

  it('names fields in the language of the answers', () => {
    const arabic = formAnswerErrors(form, { ...identity, firstName: '' }, 'ar');
    expect(arabic.firstName).toBe('الاسم الأول is required');
    expect(localized({ en: 'Red' }, 'ur')).toBe('Red');
  });

  it('decides visibility from the controlling answer and its own visibility', () => {
    expect(isFieldVisible(form, 'otherColour', { colour: 'red' })).toBe(false);
    expect(isFieldVisible(form, 'otherColour', { colour: 'other' })).toBe(true);
    expect(isFieldVisible(form, 'otherColour', {})).toBe(false);
  });

  it('writes mapped answers to the record and the others to customInfo', () => {
    expect(recordPatchFromAnswers(form, { ...identity, colour: 'other', otherColour: 'teal', pep: 'yes', age: '40' })).toEqual({
      basicInfo: { firstName: 'Amal', lastName: 'Haddad', dateOfBirth: '1990-05-01', nationalityId: 'AE' },
      identityInfo: { number: 'A12345' },
      customInfo: { favouriteColour: 'other', otherColour: 'teal', pep: true, age: 40 },
    });
  });

  it("writes a signature mapped to the record's signature as the image the signature object names", () => {
    const signed = withFields(field({ key: 'sig', type: 'signature', required: true, mapsTo: 'signature' }));
    expect(formDefinitionIssues('setup-profile', signed)).toEqual([]);
    expect(recordPatchFromAnswers(signed, { ...identity, sig: 'zzzzzzzz99.enc' })).toMatchObject({
      signature: { sign: 'zzzzzzzz99.enc' },
    });
  });
});
