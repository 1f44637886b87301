import { describe, expect, it } from 'vitest';
import { defaultFormDefinition, formDefinitionIssues } from '@sanad/contracts/form-builder';
import { freeKey, move, moveField, newField, newSection, removeField, removeSection } from './form-edits';

describe('form edits', () => {
  const form = defaultFormDefinition('setup-profile');

  it('moves items within bounds only', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('never removes a protected field or the section holding one', () => {
    expect(removeField(form, 'setup-profile', 0, 0)).toBe(form);
    expect(removeSection(form, 'setup-profile', 0)).toBe(form);
    // On a page without identity fields, the same field may go.
    expect(removeField(form, 'account-info', 0, 0).sections[0]?.fields).toHaveLength(4);
  });

  it('adds fields with free keys that publish as custom fields', () => {
    const section = newSection(form);
    const field = newField(form, 'select');
    const next = { sections: [...form.sections, { ...section, fields: [field] }] };
    expect(field).toMatchObject({ key: 'field', mapsTo: 'customInfo.field', options: [{ value: 'option1' }] });
    expect(freeKey(next, 'field')).toBe('field2');
    expect(formDefinitionIssues('setup-profile', next)).toEqual([]);
  });

  it('moves a field across the section edge into the neighbour', () => {
    const next = { sections: [...form.sections, newSection(form)] };
    const moved = moveField(next, 0, 4, 1);
    expect(moved.sections[0]?.fields.map((field) => field.key)).not.toContain('idNumber');
    expect(moved.sections[1]?.fields.map((field) => field.key)).toEqual(['idNumber']);
    expect(moveField(moved, 1, 0, -1).sections[0]?.fields.at(-1)?.key).toBe('idNumber');
  });
});
