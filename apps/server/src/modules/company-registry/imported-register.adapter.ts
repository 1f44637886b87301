import { COMPANY_REGISTERS } from '@sanad/contracts/company-registry';
import type { Database } from '../../platform/db/database';
import { registerNumberKey } from './companies-house-file';
import type { CompanyRegistryProvider } from './company-registry.port';
import { findRegisterEntry } from './company-register.repository';

/** The registry provider backed by the imported register files (company_register_entries). */
export function createImportedRegisterProvider({ db }: { db: Database }): CompanyRegistryProvider {
  return {
    registers: COMPANY_REGISTERS,
    async lookup(register, registrationNumber) {
      const key = registerNumberKey(registrationNumber);
      return key ? findRegisterEntry(db, register, key) : null;
    },
  };
}
