import { endpoint, requireAny } from './endpoint';
import { listEnvelope, successEnvelope, ZListQuery, ZLooseIdParams } from './http';
import {
  ZCompanyCreateInput,
  ZCompanyDetail,
  ZCompanySelfRegisterInput,
  ZCompanyListQuery,
  ZCompanyStructure,
  ZCompanyUpdateInput,
  ZParentCreateInput,
  ZParentParams,
  ZParentUpdateInput,
  ZPartyKycLinkInput,
  ZRegistryFlagsSave,
} from './companies';
import { ZRegisterCheck, ZRegisterLookup, ZRegisterLookupQuery } from './company-registry';
import { ZTimelineEvent } from './customer-profile';
import { ZCustomerListItem } from './customers';

const tag = 'companies';

/**
 * Companies (KYB): registration, the list and search, one company with its structure, the
 * company-registry flags and the parents (directors, shareholders, beneficial owners, authorised
 * signatories). Every change is one transaction with its audit entry, re-screens the company's
 * names as organisations and re-rates it. Every lookup is scoped to the caller's data segments.
 */
export const COMPANY_ENDPOINTS = {
  register: endpoint({
    method: 'POST',
    path: 'companies/',
    tag,
    summary:
      'Register a company: stores its declaration, screens its legal and former names as organisations, rates it and raises an on-boarding alert when review is needed. Needs an account with company onboarding (kyb)',
    access: requireAny('register-company'),
    body: ZCompanyCreateInput,
    response: successEnvelope(ZCompanyDetail),
  }),
  selfRegister: endpoint({
    method: 'POST',
    path: 'companies/self-register',
    tag,
    summary:
      'Register a company with its documents (files uploaded first, type documents) and its directors, shareholders and signatories in one transaction; screens the company and every parent, rates it and raises an on-boarding alert when review is needed. Needs an account with company onboarding (kyb)',
    access: requireAny('register-company'),
    body: ZCompanySelfRegisterInput,
    response: successEnvelope(ZCompanyDetail),
  }),
  list: endpoint({
    method: 'GET',
    path: 'companies/',
    tag,
    summary: 'List the companies of the active data segment, with a keyword over legal name, sanadId and registration number',
    access: requireAny('view-company-profile'),
    query: ZCompanyListQuery,
    response: listEnvelope(ZCustomerListItem),
  }),
  registerLookup: endpoint({
    method: 'GET',
    path: 'companies/register-lookup',
    tag,
    summary:
      "Look a company up by registration number in an imported company register (GB-COH: UK Companies House's basic company data): the register's entry, what it fills in the registration form and the registry flags it supports. 404 when the register has no such number",
    access: requireAny('register-company', 'view-company-profile'),
    query: ZRegisterLookupQuery,
    response: successEnvelope(ZRegisterLookup),
  }),
  registerCheck: endpoint({
    method: 'GET',
    path: 'companies/:id/register-check',
    tag,
    summary:
      "The company's declaration against its entry in the imported register (by its registration number): the differences and the registry flags the register supports",
    access: requireAny('view-company-profile'),
    params: ZLooseIdParams,
    query: ZRegisterLookupQuery.pick({ register: true }),
    response: successEnvelope(ZRegisterCheck),
  }),
  get: endpoint({
    method: 'GET',
    path: 'companies/:id',
    tag,
    summary: 'One company: its record, hits, alerts, registry flags with who set them, parents and effective ownership',
    access: requireAny('view-company-profile'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCompanyDetail),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'companies/:id',
    tag,
    summary: "Edit the company's declaration (quoting the version read); re-screens and re-rates it",
    access: requireAny('register-company'),
    params: ZLooseIdParams,
    body: ZCompanyUpdateInput,
    response: successEnvelope(ZCompanyDetail),
  }),
  saveRegistryFlags: endpoint({
    method: 'PUT',
    path: 'companies/:id/registry-flags',
    tag,
    summary:
      'Set company-registry flags (insolvency history, undeliverable or disputed office, overdue filings); records who and when, and re-rates',
    access: requireAny('register-company'),
    params: ZLooseIdParams,
    body: ZRegistryFlagsSave,
    response: successEnvelope(ZCompanyDetail),
  }),
  structure: endpoint({
    method: 'GET',
    path: 'companies/:id/structure',
    tag,
    summary: "The company's ownership and control structure with each natural person's effective ownership and the beneficial owners",
    access: requireAny('view-company-profile'),
    params: ZLooseIdParams,
    response: successEnvelope(ZCompanyStructure),
  }),
  addParent: endpoint({
    method: 'POST',
    path: 'companies/:id/parents',
    tag,
    summary:
      'Add a parent (director, shareholder, beneficial owner, authorised signatory or controlling person) of the company or of an entity in its structure; refuses shares over 100% at one level, cycles and the company as its own parent',
    access: requireAny('register-company'),
    params: ZLooseIdParams,
    body: ZParentCreateInput,
    response: successEnvelope(ZCompanyStructure),
  }),
  updateParent: endpoint({
    method: 'PUT',
    path: 'companies/:id/parents/:parentId',
    tag,
    summary: "Change a parent's roles, shareholding, share class or dates",
    access: requireAny('register-company'),
    params: ZParentParams,
    body: ZParentUpdateInput,
    response: successEnvelope(ZCompanyStructure),
  }),
  removeParent: endpoint({
    method: 'DELETE',
    path: 'companies/:id/parents/:parentId',
    tag,
    summary: 'Remove a parent; an entity that still has parents of its own is refused',
    access: requireAny('register-company'),
    params: ZParentParams,
    response: successEnvelope(ZCompanyStructure),
  }),
  sendKycLink: endpoint({
    method: 'POST',
    path: 'companies/:id/parents/:parentId/kyc-link',
    tag,
    summary:
      'Send a natural-person parent the individual onboarding link by e-mail; the customer it creates is linked back to the parent and its screening and risk roll up to the company',
    access: requireAny('register-customer'),
    params: ZParentParams,
    body: ZPartyKycLinkInput,
    response: successEnvelope(ZCompanyStructure),
  }),
  timeline: endpoint({
    method: 'GET',
    path: 'companies/:id/activity-timeline',
    tag,
    summary: 'Every event of the company from the audit trail, newest first',
    access: requireAny('view-company-profile'),
    params: ZLooseIdParams,
    query: ZListQuery,
    response: listEnvelope(ZTimelineEvent),
  }),
};
