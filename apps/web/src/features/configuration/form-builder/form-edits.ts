import {
  ZFormField,
  allFields,
  isProtectedField,
  type TFieldType,
  type TFormDefinition,
  type TFormField,
  type TFormPage,
  type TFormSection,
} from '@sanad/contracts/form-builder';

/** Pure edits of a form definition: each answers a new definition and leaves the one given as it was. */

export function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || target < 0 || index >= items.length || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** A key not yet used in the form: the base, else base2, base3… */
export function freeKey(definition: TFormDefinition, base: string): string {
  const used = new Set([...allFields(definition).map((field) => field.key), ...definition.sections.map((section) => section.key)]);
  if (!used.has(base)) return base;
  for (let index = 2; ; index += 1) if (!used.has(`${base}${index}`)) return `${base}${index}`;
}

export function newField(definition: TFormDefinition, type: TFieldType): TFormField {
  const key = freeKey(definition, 'field');
  const withOptions = type === 'select' || type === 'multi-select';
  return ZFormField.parse({
    key,
    type,
    label: { en: 'New field' },
    options: withOptions ? [{ value: 'option1', label: { en: 'Option 1' } }] : [],
    mapsTo: type === 'heading' || type === 'help-text' ? null : `customInfo.${key}`,
  });
}

export function newSection(definition: TFormDefinition): TFormSection {
  return { key: freeKey(definition, 'section'), title: { en: 'New section' }, fields: [] };
}

export function updateSection(
  definition: TFormDefinition,
  index: number,
  change: (section: TFormSection) => TFormSection,
): TFormDefinition {
  return { sections: definition.sections.map((section, at) => (at === index ? change(section) : section)) };
}

export function updateField(
  definition: TFormDefinition,
  sectionIndex: number,
  fieldIndex: number,
  change: (field: TFormField) => TFormField,
): TFormDefinition {
  return updateSection(definition, sectionIndex, (section) => ({
    ...section,
    fields: section.fields.map((field, at) => (at === fieldIndex ? change(field) : field)),
  }));
}

/** Removes a field unless it is protected on this page (protected fields are relabelled or moved, never removed). */
export function removeField(definition: TFormDefinition, page: TFormPage, sectionIndex: number, fieldIndex: number): TFormDefinition {
  const field = definition.sections[sectionIndex]?.fields[fieldIndex];
  if (!field || isProtectedField(page, field)) return definition;
  return updateSection(definition, sectionIndex, (section) => ({
    ...section,
    fields: section.fields.filter((_, at) => at !== fieldIndex),
  }));
}

/** Removes a section unless it holds a protected field, or is the last one. */
export function removeSection(definition: TFormDefinition, page: TFormPage, index: number): TFormDefinition {
  const section = definition.sections[index];
  if (!section || definition.sections.length === 1 || section.fields.some((field) => isProtectedField(page, field))) return definition;
  return { sections: definition.sections.filter((_, at) => at !== index) };
}

/** Moves a field up or down; at the edge of a section it crosses into the neighbouring one. */
export function moveField(definition: TFormDefinition, sectionIndex: number, fieldIndex: number, by: -1 | 1): TFormDefinition {
  const section = definition.sections[sectionIndex];
  const field = section?.fields[fieldIndex];
  if (!section || !field) return definition;
  const target = fieldIndex + by;
  if (target >= 0 && target < section.fields.length)
    return updateSection(definition, sectionIndex, (current) => ({ ...current, fields: move(current.fields, fieldIndex, by) }));
  const neighbour = sectionIndex + by;
  if (neighbour < 0 || neighbour >= definition.sections.length) return definition;
  return {
    sections: definition.sections.map((current, at) => {
      if (at === sectionIndex) return { ...current, fields: current.fields.filter((_, index) => index !== fieldIndex) };
      if (at === neighbour) return { ...current, fields: by === 1 ? [field, ...current.fields] : [...current.fields, field] };
      return current;
    }),
  };
}
