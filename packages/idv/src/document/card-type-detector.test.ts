import { describe, expect, it } from 'vitest';
import { parseMrz, type MrzParseResult } from '../mrz/mrz-parser';
import { detectCardType } from './card-type-detector';

function mrz(lines: string[]): MrzParseResult {
  const parsed = parseMrz(lines);
  if (!parsed) throw new Error('fixture does not parse');
  return parsed;
}

const UK_PASSPORT = mrz(['P<GBRHOLLOWAY<<JANE<ELIZABETH<<<<<<<<<<<<<<<', '5334013720GBR8503127F3001156<<<<<<<<<<<<<<<6']);
const OTHER_PASSPORT = mrz(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
const BRP_BACK = mrz(['IRGBRZU12345673<<<<<<<<<<<<<<<', '6608198F0808088COU<<<<<<<<<<<6', 'SAMPLE<<SUSANNA<<<<<<<<<<<<<<<']);
const VISA = mrz(['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<']);
const ID_CARD = mrz(['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']);

describe('card type detection', () => {
  it('names passports by issuing state, any other state being NON', () => {
    expect(detectCardType({ mrz: UK_PASSPORT, text: '' }).cardType).toBe('GBR PT 0 FRONT');
    expect(detectCardType({ mrz: OTHER_PASSPORT, text: '' }).cardType).toBe('NON PT 0 FRONT');
  });

  it('reads a UK residence permit MRZ as the back of a BRP', () => {
    expect(detectCardType({ mrz: BRP_BACK, text: '' })).toMatchObject({ cardType: 'GBR BRP 0 BACK', family: 'GBR BRP', side: 'BACK' });
  });

  it('reads visas and foreign ID cards', () => {
    expect(detectCardType({ mrz: VISA, text: '' }).cardType).toBe('NON VISA 0 FRONT');
    expect(detectCardType({ mrz: ID_CARD, text: '' }).cardType).toBe('NON ID 0 BACK');
  });

  it('recognises a CNIC front by its printed keywords and takes the variant the caller selected', () => {
    const text = 'ISLAMIC REPUBLIC OF PAKISTAN\nNational Identity Card\nName\nFather Name\nIdentity Number 35202-1234567-1';
    expect(detectCardType({ mrz: null, text }).cardType).toBe('PKR CNIC 0 FRONT');
    expect(detectCardType({ mrz: null, text, requestedType: 'PKR CNIC 1 FRONT' }).cardType).toBe('PKR CNIC 1 FRONT');
    expect(detectCardType({ mrz: null, text: `${text}\nNational Identity Card for Overseas Pakistanis` }).family).toBe('PKR NICOP');
  });

  it('calls a CNIC without name labels its back', () => {
    expect(detectCardType({ mrz: null, text: 'PAKISTAN National Identity Card 35202-1234567-1' }).cardType).toBe('PKR CNIC 0 BACK');
  });

  it('recognises Emirates ID, UK licence, BRP and Qatar fronts', () => {
    expect(
      detectCardType({ mrz: null, text: 'UNITED ARAB EMIRATES Resident Identity Card ID Number 784-1980-1234567-8 Name' }).cardType,
    ).toBe('ARE ID 0 FRONT');
    expect(detectCardType({ mrz: null, text: 'UNITED ARAB EMIRATES Identity Card Name Date of Birth' }).cardType).toBe('ARE ID 1 FRONT');
    expect(detectCardType({ mrz: null, text: 'DRIVING LICENCE 1. MORGAN 5. MORGA753116SM9IJ' }).cardType).toBe('GBR DL 0 FRONT');
    expect(detectCardType({ mrz: null, text: 'RESIDENCE PERMIT ZU1234567 NAME SAMPLE' }).cardType).toBe('GBR BRP 0 FRONT');
    expect(detectCardType({ mrz: null, text: 'STATE OF QATAR RESIDENCY PERMIT ID No. 28412345678' }).cardType).toBe('QAT RP 0 FRONT');
  });

  it('finds nothing in unrelated text', () => {
    expect(detectCardType({ mrz: null, text: 'Invoice 42 total due' })).toMatchObject({ cardType: null, family: null, side: null });
  });
});
