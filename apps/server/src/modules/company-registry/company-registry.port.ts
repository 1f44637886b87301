/**
 * A company register Sanad can look a company up in by registration number. The one adapter today
 * reads the entries imported from the register's public file (imported-register.adapter.ts); an
 * adapter calling a register's live API would answer the same shape.
 */
import type { TCompanyRegister, TRegisterEntry } from '@sanad/contracts/company-registry';

export interface CompanyRegistryProvider {
  /** The registers this provider answers for. */
  readonly registers: readonly TCompanyRegister[];
  /** The company numbered so in the register, or null when the register has none. */
  lookup(register: TCompanyRegister, registrationNumber: string): Promise<TRegisterEntry | null>;
}

export { registerNumberKey } from './companies-house-file';
