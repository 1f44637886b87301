import type { HitType } from '../model';

/** World-Check category codes by name (the Premium feed's 25 categories, three of them retired). */
export const WORLD_CHECK_CATEGORIES: Readonly<Record<string, string>> = {
  Bank: '1',
  Blacklisted: '2',
  Country: '3',
  Corporate: '4',
  'Crime - Other': '5',
  'Crime - Organized': '6',
  'Crime - War': '7',
  'Crime - Narcotics': '8',
  'Crime - Financial': '9',
  'Crime - Associated': '10',
  Diplomat: '11',
  Embargo: '12',
  'Embargo Vessel': '13',
  Individual: '14',
  Legal: '15',
  Military: '16',
  Organisation: '17',
  'Political Individual': '18',
  'Political Party': '19',
  Religion: '20',
  Terrorism: '21',
  'Trade Union': '22',
  Port: '23',
  Vessel: '24',
  'Crime - Terror': '25',
  'Nonconviction Terror': '26',
};

const CATEGORY_CODES = new Map(Object.entries(WORLD_CHECK_CATEGORIES).map(([name, code]) => [name.toLowerCase(), code]));

/** The category code for a category name in any case; undefined for a name the feed does not define. */
export function worldCheckCategoryCode(name: string): string | undefined {
  return CATEGORY_CODES.get(name.trim().toLowerCase());
}

/** Keywords that name an official sanctions list (World-Check's source-list codes). */
const SANCTION_KEYWORDS = /^(?:OFAC|UN|UNSC|UNSCR|EU|EUFSF|UKHMT|HMT|OFSI|UKSL|SECO|DFAT|SEMA|DFATD|MOFJ|CSL-SDN|SDN)\b|SANCTION/i;

/**
 * The spec's hit type for a World-Check record: an official sanctions keyword or an embargo
 * category makes it a sanction; a PEP sub-category (not 'Non-PEP') or a political category a
 * pep; everything else (crime, legal, terror without a sanctions listing) enforcement.
 */
export function worldCheckHitType(categories: readonly string[], subCategories: readonly string[], keywords: readonly string[]): HitType {
  if (keywords.some((keyword) => SANCTION_KEYWORDS.test(keyword)) || categories.some((category) => /^embargo/i.test(category)))
    return 'sanction';
  const isPepSubCategory = subCategories.some((sub) => /^PEP\b/i.test(sub));
  if (isPepSubCategory || categories.some((category) => /^(?:political individual|political party|diplomat)$/i.test(category)))
    return 'pep';
  return 'enforcement';
}
