import { describe, expect, it } from 'vitest';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import { ZCustomerUpdateInput } from '@sanad/contracts/customers';
import { withSection } from '../self-register/draft';
import { editDraftOf, editProfilePath, loadEdit, saveEdit, toUpdate } from './edit-steps';

const record: TCustomerRecord = {
  sanadId: 'SND-000042',
  dataSegmentId: 'segment-1',
  verificationStatus: { liveness: 'passed', face: 'matched' },
  ipLocationDetails: { ip: '10.0.0.1', country: 'local' },
  reference: 'Branch 7',
  basicInfo: { firstName: 'Amina', lastName: 'Qureshi', dateOfBirth: '1986-03-14', nationalityId: 'PK', countryOfResidenceId: 'PK' },
  identityInfo: { type: 'id', number: '3520212345671', cardType: 'PKR CNIC 1 FRONT' },
  occupationInfo: { workTypeId: 'salaried', taxId: 'NTN-1' },
  pepDeclaration: { anyPublicPos: false },
  contactInfo: { phoneNumber: '+92 300 1234567', email: 'amina@example.test' },
  accountInfo: { products: ['savings'] },
  documentInfo: { identity: { fileName: 'front.jpg', originalFileName: 'cnic.jpg' } },
};

describe('edit profile drafts', () => {
  it('puts the id at the end of every step address', () => {
    expect(editProfilePath('setup-profile', 'abc')).toBe('/customer-profiles/edit-profile/setup-profile/abc');
    expect(editProfilePath('preview', 'a/b')).toBe('/customer-profiles/edit-profile/preview/a%2Fb');
  });

  it('opens the stored record and sends it back whole with the version, without the server-set facts', () => {
    const edit = editDraftOf({ _id: 'c1', version: 3, record });
    expect(edit.draft.document).toMatchObject({ cardType: 'PKR CNIC 1 FRONT', front: { fileName: 'front.jpg' }, back: null });
    const changed = { ...edit, draft: withSection(edit.draft, 'basicInfo', { middleName: 'Bibi' }) };
    const body = toUpdate(changed);
    expect(body).toMatchObject({
      version: 3,
      reference: 'Branch 7',
      basicInfo: { firstName: 'Amina', middleName: 'Bibi' },
      occupationInfo: { taxId: 'NTN-1' },
      documentInfo: { identity: { fileName: 'front.jpg' } },
    });
    expect(body).not.toHaveProperty('submissionKey');
    expect(body).not.toHaveProperty('sanadId');
    expect(body).not.toHaveProperty('verificationStatus');
    expect(body).not.toHaveProperty('ipLocationDetails');
    expect(ZCustomerUpdateInput.safeParse(body).success).toBe(true);
    // The draft is a copy: editing it leaves the loaded record as it was.
    expect(record.basicInfo?.middleName).toBeUndefined();
  });

  it('keeps an edit per customer in the tab, and ignores another customer’s', () => {
    const edit = editDraftOf({ _id: 'c1', version: 3, record });
    saveEdit(edit);
    expect(loadEdit('c1')?.version).toBe(3);
    expect(loadEdit('c2')).toBeNull();
  });
});
