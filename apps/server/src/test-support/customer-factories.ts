import { randomUUID } from 'node:crypto';
import type { TCustomerCreateBody } from '@sanad/contracts/customers';

const FIRST_NAMES = ['Hamza', 'Sana', 'Bilal', 'Ayesha', 'Usman', 'Mariam', 'Faisal', 'Hira', 'Kamran', 'Nadia', 'Omer', 'Rabia'];
let sequence = 0;

/**
 * A complete staff self-register submission for a person no other submission of the test process
 * shares a name, date of birth, ID number, e-mail or phone with (the duplicate rule would refuse it).
 */
export function customerSubmission(change: Partial<TCustomerCreateBody> = {}): TCustomerCreateBody {
  sequence += 1;
  return {
    submissionKey: randomUUID(),
    basicInfo: {
      firstName: FIRST_NAMES[sequence % FIRST_NAMES.length] ?? 'Hamza',
      lastName: `Testperson${String.fromCharCode(97 + (sequence % 26))}${sequence}`,
      dateOfBirth: `19${60 + (sequence % 40)}-0${1 + (sequence % 9)}-1${sequence % 10}`,
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
      genderId: 'male',
    },
    identityInfo: { type: 'id', number: `35202${String(1_000_000 + sequence)}1` },
    occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
    pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
    contactInfo: { email: `person${sequence}@example.com`, phoneNumber: `+92300${String(1_000_000 + sequence)}` },
    accountInfo: { products: ['savings'], isf2f: true },
    ...change,
  };
}
