import type { TFormDefinition, TFormField } from '@sanad/contracts/form-builder';

/**
 * Drag and drop moves of the builder, as pure functions: each answers a new definition, or the very
 * definition given when nothing moves (so the page can tell a real change from a drop in place).
 *
 * A drop lands in a slot: slot n of a list is the gap before its item n, slot `length` the end. A
 * field or section dropped in the slot just before or just after itself stays where it was. Moving
 * never adds or removes anything, so a protected field moved elsewhere is still there, still protected
 * and still required: protected fields may be moved, only not removed (docs/decisions/form-builder.md).
 */

/** Where a field is: its section's index, and its index in that section. */
export interface FieldPlace {
  section: number;
  index: number;
}

/** Where a dragged field would land: a section's index, and a slot of that section's fields. */
export interface FieldSlot {
  section: number;
  slot: number;
}

/** The index an item ends up at when it leaves `from` and is dropped in `slot` of the same list. */
function landing(from: number, slot: number): number {
  return slot > from ? slot - 1 : slot;
}

/** Whether dropping the field at `from` in `to` would leave the form as it is. */
export function isFieldDropInPlace(from: FieldPlace, to: FieldSlot): boolean {
  return from.section === to.section && (to.slot === from.index || to.slot === from.index + 1);
}

/** Moves one field to a slot of any section (its own or another); an unknown place or section changes nothing. */
export function moveFieldTo(definition: TFormDefinition, from: FieldPlace, to: FieldSlot): TFormDefinition {
  const source = definition.sections[from.section];
  const field = source?.fields[from.index];
  const target = definition.sections[to.section];
  if (!source || !field || !target) return definition;
  const slot = Math.min(Math.max(to.slot, 0), target.fields.length);
  if (isFieldDropInPlace(from, { section: to.section, slot })) return definition;
  if (from.section === to.section) {
    const fields = source.fields.filter((_, at) => at !== from.index);
    fields.splice(landing(from.index, slot), 0, field);
    return { sections: definition.sections.map((section, at) => (at === from.section ? { ...section, fields } : section)) };
  }
  return {
    sections: definition.sections.map((section, at) => {
      if (at === from.section) return { ...section, fields: section.fields.filter((_, index) => index !== from.index) };
      if (at === to.section) return { ...section, fields: [...section.fields.slice(0, slot), field, ...section.fields.slice(slot)] };
      return section;
    }),
  };
}

/** Whether dropping the section at `from` in `slot` would leave the form as it is. */
export function isSectionDropInPlace(from: number, slot: number): boolean {
  return slot === from || slot === from + 1;
}

/** Moves one section, with its fields, to a slot of the section list. */
export function moveSectionTo(definition: TFormDefinition, from: number, slot: number): TFormDefinition {
  const section = definition.sections[from];
  const within = Math.min(Math.max(slot, 0), definition.sections.length);
  if (!section || isSectionDropInPlace(from, within)) return definition;
  const sections = definition.sections.filter((_, at) => at !== from);
  sections.splice(landing(from, within), 0, section);
  return { sections };
}

/** Where a field is now, found by identity (moves keep each field object): used to keep its settings open. */
export function placeOfField(definition: TFormDefinition, field: TFormField): FieldPlace | null {
  for (const [section, current] of definition.sections.entries()) {
    const index = current.fields.indexOf(field);
    if (index >= 0) return { section, index };
  }
  return null;
}
