import { CARD_TYPES, CARD_TYPE_GROUPS, type CardSide } from '@sanad/idv/document/card-types';

export interface CardTypeOptionGroup {
  group: string;
  items: Array<{ value: string; label: string }>;
}

const COUNTRY_NAMES: Record<string, string> = { PK: 'Pakistan', UK: 'United Kingdom', QA: 'Qatar', AE: 'United Arab Emirates' };

/** A family code ('GBR BRP') has no side of its own: it allows every variant and side of the family. */
function familyLabel(code: string): string {
  const member = CARD_TYPES.find((definition) => definition.code.startsWith(`${code} `));
  return member ? `${member.name.replace(/ \((front|back)\)$/, '')}, any side` : code;
}

/**
 * The document types offered for one side, grouped by country as the reader groups them: the full
 * codes of that side and the family codes (which fit either side). Each code appears once.
 */
export function cardTypeOptionsFor(side: CardSide): CardTypeOptionGroup[] {
  const named = new Map(CARD_TYPES.map((definition) => [definition.code, definition]));
  const fits = (code: string) => {
    const definition = named.get(code);
    return definition ? definition.side === side : true;
  };
  const seen = new Set<string>();
  const option = (code: string) => {
    seen.add(code);
    const definition = named.get(code);
    return { value: code, label: `${definition ? definition.name : familyLabel(code)} (${code})` };
  };
  const groups = Object.entries(CARD_TYPE_GROUPS).map(([country, sets]) => ({
    group: COUNTRY_NAMES[country] ?? country,
    items: [...new Set(Object.values(sets).flat())].filter((code) => fits(code) && !seen.has(code)).map(option),
  }));
  const others = CARD_TYPES.filter((definition) => definition.side === side && !seen.has(definition.code)).map((definition) =>
    option(definition.code),
  );
  return [...groups, { group: 'Other documents', items: others }].filter((group) => group.items.length > 0);
}
