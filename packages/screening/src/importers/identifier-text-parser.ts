import { resolveCountry } from './country-resolver';
import { cleanText } from './entity-builder';

/**
 * Splits '# 800146749-7 (Colombia) issued 14 Dec 2005 expires 2010' into its value, its country
 * (the first parenthesis naming a country) and a note with the issue and expiry wording.
 */
export function parseIdentifierValue(rest: string): { value: string; country?: string; note: string } {
  let text = rest.replace(/^[\s#:]+/, '').replace(/^No\.?\s*:?\s*/i, '');
  let note = '';
  const clause = /[\s,]+(issued|expires|expired|valid|Issue Date)\b/i.exec(text);
  if (clause) {
    note = text.slice(clause.index).replace(/^[\s,]+/, '');
    text = text.slice(0, clause.index);
  }
  let country: string | undefined;
  text = text.replace(/\s*\(([^)]*)\)/g, (whole, inner: string) => {
    const code = country ? undefined : resolveCountry(inner);
    if (!code) return whole;
    country = code;
    return '';
  });
  const value = cleanText(text).replace(/[,;.]+$/, '');
  return country ? { value, country, note } : { value, note };
}
