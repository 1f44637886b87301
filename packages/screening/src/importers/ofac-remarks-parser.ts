import type { WatchlistEntity } from '../model';
import { resolveCountry } from './country-resolver';
import { parseIdentifierValue } from './identifier-text-parser';
import {
  addBirthDate,
  addCountry,
  addIdentifier,
  addName,
  addUnique,
  cleanText,
  countryCode,
  type ImportContext,
  parseGender,
} from './entity-builder';

/**
 * OFAC identification labels, most specific first, with the identifier type they normalise to.
 * The labels are those the SDN and consolidated remarks use (counted over the 2019, 2021 and
 * 2025 files); a label not listed stays readable in the remarks but is not an identifier.
 */
const ID_LABELS: readonly (readonly [RegExp, string])[] = [
  [
    /^(?:Diplomatic |Stateless Person |British National Overseas |Service |Official )?Passport(?: Booklet)?(?: No\.?| Number)?:?/i,
    'passport',
  ],
  [/^SSN\b/i, 'ssn'],
  [/^Driver'?s License No\.?/i, 'drivers-licence'],
  [/^D-U-N-S Number/i, 'duns'],
  [/^Legal Entity Number/i, 'lei'],
  [/^ISIN\b/i, 'isin'],
  [/^SWIFT\/BIC\b/i, 'swift'],
  [
    /^(?:National ID No\.?(?: (?:CNIC|NIC):)?|National ID Number|National Foreign ID Number(?: RNE:)?|Personal ID Card|Cedula No\.?|D\.N\.I\.|C\.U\.R\.P\.|C\.U\.I\.P\.|C\.U\.I\.|Citizen'?s Card Number|Numero de Identidad|Kenyan ID No\.?|Turkish Identifica?tion Number|Tazkira National ID Card|CNP \(Personal Numerical Code\)|(?:Moroccan|Bosnian) Personal ID No\.?|Residency Number|LE Number|I\.F\.E\.|Credencial electoral|Electoral Registry No\.?|Refugee ID Card|Stateless Person ID Card|N\.I\.E\.|Identification Number)/i,
    'national-id',
  ],
  [
    /^(?:Tax ID No\.?|NIT #?|R\.F\.C\.|RFC|RUC #?|RIF #?|V\.A\.T\. Number|Italian Fiscal Code:?|US FEIN|C\.U\.I\.T\.|C\.I\.F\.|RTN|Fiscal Code|Numero Unico de Identificacao Tributaria \(NUIT\)|Romanian Tax Registration|Paraguayan tax identification number|Unified Social Credit Code(?: \(USCC\))?|United Social Credit Code Certificate \(USCCC\))/i,
    'tax-id',
  ],
  [
    /^(?:Registration ID|Registration Number|UK Company Number|Company Number|Company ID: No\.|Commercial Registry Number|Folio Mercantil No\.?|Matricula Mercantil No\.?|Trade License No\.?|Business Registration Document #?(?: CUD:)?|Business Registration Number|Business Number|C\.R\. No\.?|Romanian C\.R\.|Government Gazette Number|Chamber of Commerce Number|Certificate of Incorporation Number|Enterprise Number|Branch Unit Number|Public Registration Number|Registered Charity No\.?|Dubai Chamber of Commerce Membership No\.?|Istanbul Chamber of Comm\. No\.?)/i,
    'registration',
  ],
  [
    /^(?:Birth Certificate Number|Travel Document Number|Cartilla de Servicio Militar Nacional|Immigration No\.?|VisaNumberID|Pilot License Number|Afghan Money Service Provider License Number)/i,
    'other',
  ],
];

/**
 * Reads an OFAC remarks text ('DOB 13 May 1965; alt. DOB 1968; POB Medellin, Colombia; citizen
 * Colombia; Passport AB123 (Colombia); Gender Male; a.k.a. 'BNC'; Linked To: X.') into the entity.
 * Everything stays in `remarks` as well; this only lifts what screening can compare.
 */
export function applyOfacRemarks(entity: WatchlistEntity, remarks: string, context: ImportContext, row: number): void {
  for (const rawItem of splitRemarks(remarks)) {
    const item = rawItem.replace(/^alt\.\s+/i, '');
    applyRemarkItem(entity, item, context, row);
  }
}

function splitRemarks(remarks: string): string[] {
  return remarks
    .split(/;\s*/)
    .map((item) => item.trim().replace(/\.$/, '').trim())
    .filter(Boolean);
}

function applyRemarkItem(entity: WatchlistEntity, item: string, context: ImportContext, row: number): void {
  let match: RegExpExecArray | null;
  if ((match = /^DOB\s+(.+)$/i.exec(item))) return addBirthDate(entity, match[1] ?? '', context, row);
  if ((match = /^POB\s+(.+)$/i.exec(item))) return addBirthPlace(entity, match[1] ?? '');
  if ((match = /^(nationality|citizen)(\s+of\s+Registration)?\s+(.+)$/i.exec(item))) {
    const role = match[2] ? 'registration' : match[1]?.toLowerCase() === 'citizen' ? 'citizenship' : 'nationality';
    const country = match[3] ?? '';
    if (/^(?:undetermined|unknown)$/i.test(country)) return;
    return addCountry(entity, country, role, context, row);
  }
  if ((match = /^Gender\s+(\w+)$/i.exec(item))) {
    const gender = parseGender(match[1] ?? '');
    if (gender) entity.gender = gender;
    return;
  }
  if ((match = /^[afn]\.k\.a\.,?\s+(.+)$/i.exec(item))) {
    // Aliases in the remarks are OFAC's "weak" (low-quality) a.k.a.s, quoted in single quotes.
    addName(entity, (match[1] ?? '').replace(/^'|'$/g, ''), 'weak');
    return;
  }
  if ((match = /^Linked To:\s*(.+)$/i.exec(item))) {
    const name = cleanText(match[1]);
    if (name && !entity.associates.some((associate) => associate.name === name))
      entity.associates.push({ name, relationship: 'linked to' });
    return;
  }
  if ((match = /^Digital Currency Address - (\w+)\s+(\S+)$/i.exec(item))) {
    return addIdentifier(entity, { type: 'crypto-wallet', value: match[2] ?? '', note: match[1] ?? '' });
  }
  if (applyVesselItem(entity, item) || applyAircraftItem(entity, item)) return;
  applyIdentifierItem(entity, item);
}

function addBirthPlace(entity: WatchlistEntity, place: string): void {
  addUnique(entity.birthPlaces, place);
  // The last comma part of 'Medellin, Antioquia, Colombia' is usually the country; a bare city is no warning.
  const last = place.split(',').at(-1) ?? '';
  const code = resolveCountry(last);
  if (code && !entity.countries.some((country) => country.code === code && country.role === 'birth')) {
    entity.countries.push({ code, role: 'birth' });
  }
}

function applyVesselItem(entity: WatchlistEntity, item: string): boolean {
  const imo = /\bIMO\s+(\d{7})\b/.exec(item);
  if (imo && /^(?:Vessel Registration Identification|Identification Number|Company Number)\b/i.test(item)) {
    const value = imo[1] ?? '';
    addIdentifier(entity, { type: 'imo', value });
    // An IMO company number identifies the ship's owner or manager, not a ship.
    if (entity.type === 'vessel' && !/^Company Number/i.test(item)) entity.vessel = { ...entity.vessel, imo: value };
    return true;
  }
  let match: RegExpExecArray | null;
  if ((match = /^MMSI\s+(\S+)$/i.exec(item))) {
    const value = match[1] ?? '';
    addIdentifier(entity, { type: 'mmsi', value });
    entity.vessel = { ...entity.vessel, mmsi: value };
    return true;
  }
  if ((match = /^Vessel Year of Build\s+(\d{4})$/i.exec(item))) {
    entity.vessel = { ...entity.vessel, yearBuilt: match[1] ?? '' };
    return true;
  }
  if ((match = /^Vessel Flag\s+(.+)$/i.exec(item)) && !entity.vessel?.flag) {
    const flag = countryCode(match[1] ?? '');
    if (flag) entity.vessel = { ...entity.vessel, flag };
    return true;
  }
  if ((match = /^Other Vessel Call Sign\s+(\S+)$/i.exec(item))) {
    addIdentifier(entity, { type: 'call-sign', value: match[1] ?? '' });
    return true;
  }
  return /^(?:Former Vessel Flag|Other Vessel Flag|Other Vessel Type|Vessel Type|Vessel Flag)\b/i.test(item);
}

function applyAircraftItem(entity: WatchlistEntity, item: string): boolean {
  if (!/^(?:Previous )?Aircraft\b/i.test(item)) return false;
  let match: RegExpExecArray | null;
  if ((match = /^Aircraft Manufacturer'?s Serial Number \(MSN\)\s+(.+)$/i.exec(item))) {
    const value = cleanText(match[1]);
    addIdentifier(entity, { type: 'aircraft-msn', value });
    entity.aircraft = { ...entity.aircraft, manufacturerSerialNumber: value };
  } else if ((match = /^Aircraft Tail Number\s+(.+)$/i.exec(item))) {
    const value = cleanText(match[1]);
    addIdentifier(entity, { type: 'aircraft-tail', value });
    entity.aircraft = { ...entity.aircraft, tailNumber: value };
  } else if ((match = /^Previous Aircraft Tail Number\s+(.+)$/i.exec(item))) {
    addIdentifier(entity, { type: 'aircraft-tail', value: match[1] ?? '', note: 'previous' });
  } else if ((match = /^Aircraft Model\s+(.+)$/i.exec(item))) {
    entity.aircraft = { ...entity.aircraft, model: cleanText(match[1]) };
  } else if ((match = /^Aircraft Operator\s+(.+)$/i.exec(item))) {
    entity.aircraft = { ...entity.aircraft, operator: cleanText(match[1]) };
  } else if ((match = /^Aircraft Manufacture Date\s+(.+)$/i.exec(item))) {
    entity.aircraft = { ...entity.aircraft, manufactureDate: cleanText(match[1]) };
  }
  return true;
}

function applyIdentifierItem(entity: WatchlistEntity, item: string): void {
  for (const [label, type] of ID_LABELS) {
    const match = label.exec(item);
    if (!match) continue;
    const labelText = match[0].trim();
    const parsed = parseIdentifierValue(item.slice(match[0].length));
    if (!parsed.value || !/\d/.test(parsed.value)) return;
    const notes = [
      type === 'other' || type === 'national-id' || type === 'tax-id' || type === 'registration' ? labelText : '',
      parsed.note,
    ];
    addIdentifier(entity, {
      type,
      value: parsed.value,
      ...(parsed.country ? { country: parsed.country } : {}),
      note: notes.filter(Boolean).join('; '),
    });
    return;
  }
}
