import { describe, expect, it } from 'vitest';
import type { TRegisterEntry } from '@sanad/contracts/company-registry';
import { compareWithRegister, flagsOf, prefillOf } from './register-check';

describe('the register check', () => {
  const entry: TRegisterEntry = {
    register: 'GB-COH',
    registrationNumber: '09876543',
    legalName: 'NORTHWIND PUBLIC LIMITED COMPANY',
    formerNames: [{ name: 'NORTHWIND LIMITED', changedOn: '2010-01-01' }],
    status: 'Active - Proposal to Strike off',
    category: 'Public Limited Company',
    countryOfOrigin: 'United Kingdom',
    incorporationDate: '2001-04-01',
    dissolutionDate: null,
    registeredAddress: {
      careOf: '',
      poBox: '12',
      line1: '1 Harbour Road',
      line2: '',
      postTown: 'LEITH',
      county: 'MIDLOTHIAN',
      country: 'SCOTLAND',
      postCode: 'EH6 6LX',
    },
    sicCodes: [],
    accountsNextDueDate: '2026-11-26',
    accountsLastMadeUpDate: null,
    accountsCategory: '',
    confirmationStatementNextDueDate: '2026-11-27',
    confirmationStatementLastMadeUpDate: null,
    importedAt: '2026-11-01T00:00:00.000Z',
    sourceFile: 'x.csv',
  };

  it('finds nothing to report when the declaration agrees, and each field that differs when it does not', () => {
    const agreeing = {
      legalName: 'Northwind PLC',
      registrationNumber: '09876543',
      formerNames: ['Northwind Ltd'],
      status: 'active' as const,
      incorporationDate: '2001-04-01',
      registeredAddress: { line1: 'PO Box 12, 1 Harbour Road', city: 'Leith', postalCode: 'eh66lx' },
    };
    expect(compareWithRegister(agreeing, entry)).toEqual([]);
    expect(prefillOf(entry).registeredAddress).toEqual({
      line1: 'PO Box 12, 1 Harbour Road',
      line2: 'MIDLOTHIAN',
      city: 'LEITH',
      postalCode: 'EH6 6LX',
      countryId: 'GB',
    });
    const differing = compareWithRegister(
      {
        ...agreeing,
        legalName: 'Northwind Holdings PLC',
        status: 'dissolved',
        registeredAddress: { line1: '2 Quay Street', city: 'Glasgow' },
      },
      entry,
    );
    expect(differing.map((difference) => difference.field)).toEqual([
      'legalName',
      'status',
      'registeredAddress.line1',
      'registeredAddress.city',
    ]);
    // A field the company left empty is not a difference.
    expect(
      compareWithRegister({ legalName: 'NORTHWIND PLC', registrationNumber: '09876543', formerNames: ['NORTHWIND LIMITED'] }, entry),
    ).toEqual([]);
  });

  it('calls a due date overdue only once it has passed', () => {
    expect(flagsOf(entry, '2026-11-27')).toEqual({ accountsOverdue: true, confirmationStatementOverdue: false });
    expect(flagsOf({ ...entry, accountsNextDueDate: null }, '2030-01-01')).toEqual({
      accountsOverdue: false,
      confirmationStatementOverdue: true,
    });
  });
});
