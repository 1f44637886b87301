import { describe, expect, it } from 'vitest';
import { companyBody, EMPTY_COMPANY_VALUES, valuesFromRegister } from './company-form';

describe('filling the company form from the register', () => {
  it('fills the fields the entry gives and leaves the others as they are', () => {
    const filled = valuesFromRegister({
      legalName: 'LOOKUP HOLDINGS LIMITED',
      formerNames: ['LOOKUP TRADING LIMITED', 'LOOKUP LIMITED'],
      registrationNumber: '01234567',
      register: 'UK Companies House',
      status: 'active',
      incorporationDate: '2015-03-05',
      incorporationCountryId: 'GB',
      registeredAddress: { line1: '10 Downing Street', line2: 'Westminster', city: 'LONDON', postalCode: 'SW1A 2AA', countryId: 'GB' },
    });
    expect(filled).toEqual({
      legalName: 'LOOKUP HOLDINGS LIMITED',
      formerNames: 'LOOKUP TRADING LIMITED\nLOOKUP LIMITED',
      registrationNumber: '01234567',
      register: 'UK Companies House',
      status: 'active',
      incorporationDate: '2015-03-05',
      incorporationCountryId: 'GB',
      registeredLine1: '10 Downing Street, Westminster',
      registeredCity: 'LONDON',
      registeredPostalCode: 'SW1A 2AA',
      registeredCountryId: 'GB',
    });
    expect(valuesFromRegister({ legalName: 'X LTD', registrationNumber: 'SC1' })).toEqual({
      legalName: 'X LTD',
      registrationNumber: 'SC1',
    });
    // The filled form sends the postcode with the registered address.
    const body = companyBody({ ...EMPTY_COMPANY_VALUES, ...filled, industryId: '' });
    expect(body.companyInfo.registeredAddress).toEqual({
      line1: '10 Downing Street, Westminster',
      city: 'LONDON',
      postalCode: 'SW1A 2AA',
      countryId: 'GB',
    });
    expect(body.companyInfo.formerNames).toEqual(['LOOKUP TRADING LIMITED', 'LOOKUP LIMITED']);
  });
});
