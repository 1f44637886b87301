/**
 * How Sanad's two interest types that BODS lacks are written in BODS, and read back: a director is a
 * BODS board member, an authorised signatory a form of other influence or control; the `details`
 * field says which, so a re-import restores the type. A share class rides in `details` the same way.
 */
export const DIRECTOR_DETAILS = 'Director';
export const AUTHORISED_SIGNATORY_DETAILS = 'Authorised signatory';
export const SHARE_CLASS_PREFIX = 'Share class: ';

/** Subtypes the schema allows for each entity type (entity-record.json, entityType.allOf). */
export const ALLOWED_SUBTYPES: Record<string, readonly string[]> = {
  arrangement: ['trust', 'nomination', 'other'],
  legalEntity: ['trust', 'other'],
  stateBody: ['governmentDepartment', 'stateAgency', 'other'],
  registeredEntity: ['other'],
  state: ['other'],
  anonymousEntity: ['other'],
  unknownEntity: ['other'],
};

/**
 * A 32-hex-character identifier derived from the text (four 32-bit FNV-1a hashes with different
 * seeds): the same record published on the same date always gets the same statementId, and the
 * engine needs no crypto module (it also runs in the browser).
 */
export function statementIdFor(text: string): string {
  const seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  return seeds
    .map((seed) => {
      let hash = seed >>> 0;
      for (let i = 0; i < text.length; i += 1) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
      return hash.toString(16).padStart(8, '0');
    })
    .join('');
}
