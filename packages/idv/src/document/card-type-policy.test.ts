import { describe, expect, it } from 'vitest';
import type { DetectedCardType } from './card-type-detector';
import { checkCardType } from './card-type-policy';

function detected(cardType: string | null): DetectedCardType {
  if (!cardType) return { cardType: null, family: null, side: null, reasons: [] };
  const [country, document, , side] = cardType.split(' ');
  return { cardType, family: `${country} ${document}`, side: side === 'BACK' ? 'BACK' : 'FRONT', reasons: [] };
}

describe('card type policy', () => {
  it('accepts what was asked for, also by family name', () => {
    expect(checkCardType(detected('PKR CNIC 1 FRONT'), { cardType: 'PKR CNIC 1 FRONT' }).status).toBeNull();
    expect(checkCardType(detected('GBR BRP 0 BACK'), { cardTypeList: ['GBR BRP', 'GBR DL'] }).status).toBeNull();
    expect(checkCardType(detected('NON PT 0 FRONT'), {}).status).toBeNull();
  });

  it('answers 1003 for the right document on the wrong side', () => {
    expect(checkCardType(detected('PKR CNIC 1 BACK'), { cardType: 'PKR CNIC 1 FRONT' }).status).toBe(1003);
    expect(checkCardType(detected('PKR CNIC 1 BACK'), { cardSide: 'front' }).status).toBe(1003);
    expect(checkCardType(detected('PKR CNIC 1 BACK'), { cardTypeList: ['PKR CNIC 1 FRONT'] }).status).toBe(1003);
  });

  it('answers 1000 when a different type than the selected one was found', () => {
    expect(checkCardType(detected('GBR DL 0 FRONT'), { cardType: 'PKR CNIC 1 FRONT' }).status).toBe(1000);
    expect(checkCardType(detected(null), { cardType: 'GBR PT 0 FRONT' }).status).toBe(1000);
  });

  it('answers 1005 when the type is not among the accepted ones', () => {
    expect(checkCardType(detected('QAT RP 0 FRONT'), { cardTypeList: ['PKR CNIC', 'PKR NICOP'] }).status).toBe(1005);
    expect(checkCardType(detected('PKR CNIC 0 FRONT'), { cardTypeList: ['PKR CNIC 1 FRONT'] }).status).toBe(1005);
    expect(checkCardType(detected(null), { cardTypeList: ['PKR CNIC'] }).status).toBe(1005);
  });
});
