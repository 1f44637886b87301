import type { WatchlistEntity } from '../model';
import { resolveCountry } from './country-resolver';
import { addIdentifier, cleanText } from './entity-builder';

const ENUMERATOR = /(?:^|\s)(?:\(\s*[0-9a-z]{1,2}\s*\)|[0-9a-z]{1,2}\))\s*/gi;

/**
 * UK files pack several values in one cell: '(1) Ndele, CAR (2) Algenana, Sudan', '1) Saudi
 * Arabia 2) Qatar', 'a) General, b) Minister'. A cell that does not open with such a marker is one value.
 */
export function splitEnumerated(text: string): string[] {
  const cleaned = cleanText(text);
  if (!/^(?:\(\s*[0-9a-z]{1,2}\s*\)|[0-9a-z]{1,2}\))/i.test(cleaned)) return cleaned ? [cleaned] : [];
  return cleaned
    .split(ENUMERATOR)
    .map((part) => part.trim().replace(/[,;]$/, '').trim())
    .filter(Boolean);
}

/** Splits a cell on '|' (FCDO) and on enumeration markers (OFSI). */
export function splitValues(text: string): string[] {
  return text.split('|').flatMap(splitEnumerated);
}

/**
 * 'Passport No: 592667 (Qatari passport issued on 3 May 2007).' → value 592667, country QA,
 * the whole text as the note: UK document cells are prose, so the first token with a digit is
 * taken as the number.
 */
export function addDocumentText(entity: WatchlistEntity, text: string, type: string, extraNote = ''): void {
  for (const part of splitValues(text)) {
    const body = part.replace(/^(?:passport|national identi(?:fication|ty)(?: card)?|id)?\s*(?:no|number)?\s*[.:]?\s*/i, '');
    const value = /[A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*/i.exec(body)?.[0];
    if (!value) continue;
    const parenthesis = /\(([^)]*)\)/.exec(part)?.[1] ?? '';
    const country = resolveCountry(parenthesis.split(/\s+/)[0] ?? '') ?? resolveCountry(parenthesis);
    const note = [part === value ? '' : part, extraNote].filter(Boolean).join('; ');
    addIdentifier(entity, { type, value, ...(country ? { country } : {}), note });
  }
}
