/**
 * Country codes and names to ISO 3166-1 alpha-2, with the same resolver the importers use, so a
 * customer's 'Russia' and a listing's 'Russian Federation' meet as 'RU'.
 */
import { resolveCountry } from '../importers/country-resolver';

/** ISO alpha-2 code for a code or a country name, or undefined when it cannot be resolved. */
export function resolveCountryCode(text: string | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  return resolveCountry(text);
}
