import { describe, expect, it } from 'vitest';
import { defaultFormDefinition, formDefinitionIssues, isProtectedField, type TFormDefinition } from '@sanad/contracts/form-builder';
import { newField, newSection } from './form-edits';
import { isFieldDropInPlace, moveFieldTo, moveSectionTo, placeOfField } from './move-field';

const keys = (definition: TFormDefinition) => definition.sections.map((section) => section.fields.map((field) => field.key));
const sectionKeys = (definition: TFormDefinition) => definition.sections.map((section) => section.key);
/** The fields protected on setup-profile that are also required, by key. */
const protectedKeys = (definition: TFormDefinition) =>
  definition.sections
    .flatMap((section) => section.fields)
    .filter((field) => isProtectedField('setup-profile', field) && field.required)
    .map((field) => field.key)
    .toSorted();

describe('drag and drop moves', () => {
  // setup-profile: one section 'personal' with the five protected fields.
  const identity = defaultFormDefinition('setup-profile');
  const extra = { ...newSection(identity), key: 'extra', fields: [{ ...newField(identity, 'text'), key: 'employer' }] };
  const form: TFormDefinition = { sections: [...identity.sections, extra] };

  it('moves a field within its section, before the field in the slot', () => {
    expect(keys(moveFieldTo(form, { section: 0, index: 0 }, { section: 0, slot: 2 }))[0]).toEqual([
      'lastName',
      'firstName',
      'dateOfBirth',
      'nationality',
      'idNumber',
    ]);
    expect(keys(moveFieldTo(form, { section: 0, index: 3 }, { section: 0, slot: 0 }))[0]).toEqual([
      'nationality',
      'firstName',
      'lastName',
      'dateOfBirth',
      'idNumber',
    ]);
  });

  it('moves a field to another section, at the start, between fields or at the end', () => {
    expect(keys(moveFieldTo(form, { section: 0, index: 1 }, { section: 1, slot: 0 }))).toEqual([
      ['firstName', 'dateOfBirth', 'nationality', 'idNumber'],
      ['lastName', 'employer'],
    ]);
    expect(keys(moveFieldTo(form, { section: 1, index: 0 }, { section: 0, slot: 2 }))).toEqual([
      ['firstName', 'lastName', 'employer', 'dateOfBirth', 'nationality', 'idNumber'],
      [],
    ]);
    // Into a section left empty.
    const emptied = moveFieldTo(form, { section: 1, index: 0 }, { section: 0, slot: 0 });
    expect(keys(moveFieldTo(emptied, { section: 0, index: 0 }, { section: 1, slot: 0 }))).toEqual(keys(form));
  });

  it('moves a field to the end of its own section or of another', () => {
    expect(keys(moveFieldTo(form, { section: 0, index: 0 }, { section: 0, slot: 5 }))[0]).toEqual([
      'lastName',
      'dateOfBirth',
      'nationality',
      'idNumber',
      'firstName',
    ]);
    expect(keys(moveFieldTo(form, { section: 0, index: 0 }, { section: 1, slot: 1 }))[1]).toEqual(['employer', 'firstName']);
    // A slot past the end is the end.
    expect(keys(moveFieldTo(form, { section: 0, index: 0 }, { section: 1, slot: 99 }))[1]).toEqual(['employer', 'firstName']);
  });

  it('changes nothing when a field is dropped onto itself, or the place is unknown', () => {
    expect(moveFieldTo(form, { section: 0, index: 2 }, { section: 0, slot: 2 })).toBe(form);
    expect(moveFieldTo(form, { section: 0, index: 2 }, { section: 0, slot: 3 })).toBe(form);
    expect(moveFieldTo(form, { section: 0, index: 4 }, { section: 0, slot: 99 })).toBe(form);
    expect(isFieldDropInPlace({ section: 0, index: 2 }, { section: 0, slot: 3 })).toBe(true);
    expect(isFieldDropInPlace({ section: 0, index: 2 }, { section: 1, slot: 2 })).toBe(false);
    expect(moveFieldTo(form, { section: 0, index: 9 }, { section: 1, slot: 0 })).toBe(form);
    expect(moveFieldTo(form, { section: 0, index: 0 }, { section: 7, slot: 0 })).toBe(form);
    expect(moveSectionTo(form, 1, 1)).toBe(form);
    expect(moveSectionTo(form, 1, 2)).toBe(form);
    expect(moveSectionTo(form, 5, 0)).toBe(form);
  });

  it('keeps protected fields protected and required wherever they are moved', () => {
    const moved = moveFieldTo(
      moveFieldTo(form, { section: 0, index: 4 }, { section: 1, slot: 0 }),
      { section: 0, index: 0 },
      { section: 1, slot: 2 },
    );
    expect(keys(moved)).toEqual([
      ['lastName', 'dateOfBirth', 'nationality'],
      ['idNumber', 'employer', 'firstName'],
    ]);
    expect(protectedKeys(moved)).toEqual(protectedKeys(form));
    expect(protectedKeys(moved)).toHaveLength(5);
    // Nothing removed, so the validator has nothing to say about the move.
    expect(formDefinitionIssues('setup-profile', moved)).toEqual(formDefinitionIssues('setup-profile', form));
    // The form given is left as it was.
    expect(keys(form)[0]).toEqual(['firstName', 'lastName', 'dateOfBirth', 'nationality', 'idNumber']);
  });

  it('moves a section with its fields', () => {
    const three = { sections: [...form.sections, { ...newSection(form), key: 'last' }] };
    expect(sectionKeys(moveSectionTo(three, 0, 3))).toEqual(['extra', 'last', 'personal']);
    expect(sectionKeys(moveSectionTo(three, 2, 0))).toEqual(['last', 'personal', 'extra']);
    expect(sectionKeys(moveSectionTo(three, 0, 2))).toEqual(['extra', 'personal', 'last']);
    expect(keys(moveSectionTo(three, 0, 3))[2]).toEqual(keys(form)[0]);
  });

  it('finds a moved field again by identity', () => {
    const field = form.sections[0]!.fields[1]!;
    const moved = moveFieldTo(form, { section: 0, index: 1 }, { section: 1, slot: 1 });
    expect(placeOfField(moved, field)).toEqual({ section: 1, index: 1 });
    expect(placeOfField(moved, { ...field })).toBeNull();
  });
});
