import { endpoint, multipart, requireAny } from './endpoint';
import { ZIdParams, successEnvelope } from './http';
import { ZRegisterImport, ZRegisterImports, ZRegisterUploadFields } from './company-registry';

const tag = 'company-registry';

/**
 * Loading a company register file from the configuration area. The register is reference data,
 * like the screening lists, so it is managed with screening-list; loading one also needs a user of
 * every data segment, since every segment reads it (docs/decisions/company-registry.md).
 */
const MANAGES_REGISTERS = requireAny('screening-list');

export const COMPANY_REGISTRY_ENDPOINTS = {
  listImports: endpoint({
    method: 'GET',
    path: 'company-registers/imports',
    tag,
    summary: 'The register files loaded (file, rows, when, by whom), newest first, and whether the caller may load one',
    access: MANAGES_REGISTERS,
    response: successEnvelope(ZRegisterImports),
  }),
  getImport: endpoint({
    method: 'GET',
    path: 'company-registers/imports/:id',
    tag,
    summary: 'Progress and result of one register import: rows stored, rows refused with their reasons, or why the file was refused',
    access: MANAGES_REGISTERS,
    params: ZIdParams,
    response: successEnvelope(ZRegisterImport),
  }),
  upload: endpoint({
    method: 'POST',
    path: 'company-registers/imports',
    tag,
    summary:
      'Upload a register file (multipart: register, then file; the Companies House basic company data CSV, or the ZIP archive it is published in, holding that one CSV file) and import it as a job. The header is checked before anything is stored; one import at a time (409)',
    access: MANAGES_REGISTERS,
    body: multipart(ZRegisterUploadFields),
    response: successEnvelope(ZRegisterImport),
  }),
};
