/**
 * Companies (KYB): registering a company, its list and profile, the company-registry flags with who
 * set them, and its ownership and control structure (parents) with the effective ownership that
 * names its beneficial owners.
 */
import { z } from 'zod';
import {
  COMPANY_DOCUMENT_KINDS,
  COMPANY_DOCUMENT_LABELS,
  optionalDate,
  REQUIRED_COMPANY_DOCUMENTS,
  ZCompanyDocumentInput,
  ZCompanyInfo,
} from './company-record';
import { ZCustomerDetail, ZCustomerListFilters } from './customers';
import { ZRiskLevel } from './risk-rating';
import { safeString } from './safe-text';
import { ZEmail } from './users';

export { ZCompanyInfo, type TCompanyInfo } from './company-record';
export {
  COMPANY_DOCUMENT_KINDS,
  COMPANY_DOCUMENT_LABELS,
  REQUIRED_COMPANY_DOCUMENTS,
  type TCompanyDocument,
  type TCompanyDocumentInput,
  type TCompanyDocumentKind,
} from './company-record';

/* ------------------------------------------------------------------ registration and edit */

/** POST companies/: the company's declaration, in the segment chosen (the caller's only one by default). */
export const ZCompanyCreateInput = z.object({
  companyInfo: ZCompanyInfo,
  dataSegmentId: z.string().max(64).optional(),
});
export type TCompanyCreateInput = z.infer<typeof ZCompanyCreateInput>;
export type TCompanyCreateBody = z.input<typeof ZCompanyCreateInput>;

/** PUT companies/:id: the whole declaration again, quoting the version it was read at. */
export const ZCompanyUpdateInput = z.object({
  companyInfo: ZCompanyInfo,
  version: z.number().int().min(1),
});
export type TCompanyUpdateInput = z.infer<typeof ZCompanyUpdateInput>;

/* ------------------------------------------------------------------ registry flags (KB-11) */

export const REGISTRY_FLAGS = [
  'hasInsolvencyHistory',
  'undeliverableRegisteredOfficeAddress',
  'confirmationStatementOverdue',
  'accountsOverdue',
  'registeredOfficeIsInDispute',
] as const;
export type TRegistryFlag = (typeof REGISTRY_FLAGS)[number];
export const REGISTRY_FLAG_LABELS: Record<TRegistryFlag, string> = {
  hasInsolvencyHistory: 'Has insolvency history',
  undeliverableRegisteredOfficeAddress: 'Registered office address undeliverable',
  confirmationStatementOverdue: 'Confirmation statement overdue',
  accountsOverdue: 'Accounts overdue',
  registeredOfficeIsInDispute: 'Registered office in dispute',
};

/** PUT companies/:id/registry-flags: the flags to set; the ones left out keep their value. */
export const ZRegistryFlagsSave = z
  .object(
    Object.fromEntries(REGISTRY_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<TRegistryFlag, z.ZodOptional<z.ZodBoolean>>,
  )
  .refine((value) => Object.values(value).some((flag) => flag !== undefined), { message: 'Set at least one registry flag' });
export type TRegistryFlagsSave = z.infer<typeof ZRegistryFlagsSave>;

export const ZRegistryFlagState = z.object({
  flag: z.enum(REGISTRY_FLAGS),
  value: z.boolean(),
  /** Who set it and when; null for a flag nobody has set (false). */
  setBy: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  setAt: z.string().nullable(),
});
export type TRegistryFlagState = z.infer<typeof ZRegistryFlagState>;

/* ------------------------------------------------------------------ parents */

export const PARENT_ROLES = ['director', 'shareholder', 'beneficial-owner', 'authorised-signatory', 'controlling-person'] as const;
export type TParentRole = (typeof PARENT_ROLES)[number];
export const PARENT_ROLE_LABELS: Record<TParentRole, string> = {
  director: 'Director',
  shareholder: 'Shareholder',
  'beneficial-owner': 'Beneficial owner',
  'authorised-signatory': 'Authorised signatory',
  'controlling-person': 'Controlling person',
};
export const PARTY_KINDS = ['person', 'entity'] as const;
export type TPartyKind = (typeof PARTY_KINDS)[number];

const parentRelation = {
  roles: z
    .array(z.enum(PARENT_ROLES, { error: `A role is one of ${PARENT_ROLES.join(', ')}` }))
    .min(1, 'Choose at least one role')
    .max(PARENT_ROLES.length),
  /** Percentage of the shares held (0–100, exclusive of 0); a shareholder needs it. */
  shareholding: z
    .number({ error: 'Shareholding must be a number' })
    .gt(0, 'Shareholding must be more than 0%')
    .max(100, 'Shareholding cannot exceed 100%')
    .optional(),
  shareClass: safeString().trim().max(64, 'Share class must be at most 64 characters').optional(),
  startDate: optionalDate('Start date').optional(),
  endDate: optionalDate('End date').optional(),
};

function checkRelation(
  input: { roles: readonly TParentRole[]; shareholding?: number | undefined; startDate?: string | undefined; endDate?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (input.roles.includes('shareholder') && input.shareholding === undefined)
    context.addIssue({ code: 'custom', path: ['shareholding'], message: 'A shareholder needs the percentage of shares held' });
  if (!input.roles.includes('shareholder') && input.shareholding !== undefined)
    context.addIssue({ code: 'custom', path: ['roles'], message: 'A party holding shares must have the shareholder role' });
  if (input.startDate && input.endDate && input.endDate < input.startDate)
    context.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must not be before the start date' });
}

/**
 * POST companies/:id/parents: a party and what it holds or controls. The party is new (kind, name
 * and its details) or one already in the structure (partyId: the same person through a second
 * chain). ofPartyId names the entity of the structure it owns; left out, the company itself.
 */
export const ZParentCreateInput = z
  .object({
    partyId: z.string().max(64).optional(),
    kind: z.enum(PARTY_KINDS, { error: 'A parent is a person or an entity' }).optional(),
    name: safeString().trim().max(200, 'Name must be at most 200 characters').optional(),
    email: ZEmail.or(z.literal('')).optional(),
    dateOfBirth: optionalDate('Date of birth').optional(),
    nationalityId: safeString().trim().max(64).optional(),
    registrationNumber: safeString().trim().max(64, 'Registration number must be at most 64 characters').optional(),
    countryId: safeString().trim().max(64).optional(),
    /** A Sanad customer this party is (a registered company or individual of the same segment). */
    customerId: z.string().max(64).optional(),
    ofPartyId: z.string().max(64).optional(),
    ...parentRelation,
  })
  .superRefine((input, context) => {
    if (!input.partyId) {
      if (!input.kind) context.addIssue({ code: 'custom', path: ['kind'], message: 'Say whether the parent is a person or an entity' });
      if (!input.name) context.addIssue({ code: 'custom', path: ['name'], message: 'Name is required' });
    }
    checkRelation(input, context);
  });
export type TParentCreateInput = z.infer<typeof ZParentCreateInput>;
export type TParentCreateBody = z.input<typeof ZParentCreateInput>;

/** PUT companies/:id/parents/:parentId: the relation's roles, shareholding, class and dates. */
export const ZParentUpdateInput = z.object(parentRelation).superRefine(checkRelation);
export type TParentUpdateInput = z.infer<typeof ZParentUpdateInput>;

export const ZParentParams = z.object({ id: z.string().max(64), parentId: z.string().max(64) });

/** A party's individual KYC: where its link and customer stand, and the customer's risk and hits. */
export const ZPartyKyc = z.object({
  tempCustomerId: z.string().nullable(),
  linkState: z.string().nullable(),
  customerId: z.string().nullable(),
  sanadId: z.string().nullable(),
  riskLevel: ZRiskLevel.nullable(),
  hitTypes: z.array(z.string()),
  kycStatus: z.string().nullable(),
});
export type TPartyKyc = z.infer<typeof ZPartyKyc>;

export const ZParty = z.object({
  _id: z.string(),
  kind: z.enum(PARTY_KINDS),
  name: z.string(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationalityId: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  countryId: z.string().nullable(),
  kyc: ZPartyKyc,
});
export type TParty = z.infer<typeof ZParty>;

/** One edge: the party's holding in, or control of, the company or an entity of its structure. */
export const ZParent = z.object({
  _id: z.string(),
  partyId: z.string(),
  /** The entity owned; null: the company itself. */
  ofPartyId: z.string().nullable(),
  roles: z.array(z.enum(PARENT_ROLES)),
  shareholding: z.number().nullable(),
  shareClass: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TParent = z.infer<typeof ZParent>;

/** A natural person's effective ownership of the company, summed over every chain. */
export const ZEffectiveOwner = z.object({
  partyId: z.string(),
  name: z.string(),
  /** Percent, 0–100. */
  effectiveOwnership: z.number(),
  isUbo: z.boolean(),
  /** Why the person is a beneficial owner or a controller: 'ownership', or the control roles held. */
  reasons: z.array(z.string()),
  /** The ownership engine's sentence about the person, for an officer to read. */
  explanation: z.string(),
  /** Each chain of names from the person down to the company, with the percentage it carries. */
  paths: z.array(z.object({ names: z.array(z.string()), percent: z.number() })),
});
export type TEffectiveOwner = z.infer<typeof ZEffectiveOwner>;

export const ZOwnership = z.object({
  threshold: z.number(),
  owners: z.array(ZEffectiveOwner),
  /** Structural problems (cycles, shares over 100%, no director or authorised signatory), in words. */
  warnings: z.array(z.string()),
});
export type TOwnership = z.infer<typeof ZOwnership>;

/** GET companies/:id/structure: the parties, the edges and the computed ownership. */
export const ZCompanyStructure = z.object({
  companyId: z.string(),
  companyName: z.string(),
  parties: z.array(ZParty),
  parents: z.array(ZParent),
  ownership: ZOwnership,
});
export type TCompanyStructure = z.infer<typeof ZCompanyStructure>;

/* ------------------------------------------------------------------ self-register (KB-03, KB-04) */

/** A parent named during self-register: always a new party, holding in or controlling the company itself. */
export const ZSelfRegisterParent = z
  .object({
    kind: z.enum(PARTY_KINDS, { error: 'A parent is a person or an entity' }),
    name: safeString('Name is required').trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    email: ZEmail.or(z.literal('')).optional(),
    dateOfBirth: optionalDate('Date of birth').optional(),
    nationalityId: safeString().trim().max(64).optional(),
    registrationNumber: safeString().trim().max(64, 'Registration number must be at most 64 characters').optional(),
    countryId: safeString().trim().max(64).optional(),
    ...parentRelation,
  })
  .superRefine(checkRelation);
export type TSelfRegisterParent = z.infer<typeof ZSelfRegisterParent>;
export type TSelfRegisterParentBody = z.input<typeof ZSelfRegisterParent>;

/**
 * POST companies/self-register: the whole company at once, as the wizard collected it: its
 * documents (already uploaded), its declaration and its directors, shareholders and signatories.
 */
export const ZCompanySelfRegisterInput = z
  .object({
    documents: z.array(ZCompanyDocumentInput).max(COMPANY_DOCUMENT_KINDS.length, 'One file for each document'),
    companyInfo: ZCompanyInfo,
    parents: z.array(ZSelfRegisterParent).max(50, 'At most 50 parents at registration; add more on the profile'),
    dataSegmentId: z.string().max(64).optional(),
  })
  .superRefine((input, context) => {
    for (const kind of REQUIRED_COMPANY_DOCUMENTS)
      if (!input.documents.some((document) => document.kind === kind))
        context.addIssue({
          code: 'custom',
          path: ['documents', kind],
          message: `Upload the ${COMPANY_DOCUMENT_LABELS[kind].toLowerCase()}`,
        });
    const kinds = input.documents.map((document) => document.kind);
    kinds.forEach((kind, index) => {
      if (kinds.indexOf(kind) !== index)
        context.addIssue({
          code: 'custom',
          path: ['documents', kind],
          message: `Send one file for the ${COMPANY_DOCUMENT_LABELS[kind].toLowerCase()}`,
        });
    });
    const total = input.parents.reduce((sum, parent) => sum + (parent.shareholding ?? 0), 0);
    if (total > 100)
      context.addIssue({
        code: 'custom',
        path: ['parents'],
        message: COMPANY_MESSAGES.sharesOver(input.companyInfo.legalName || 'the company', Math.round(total * 100) / 100),
      });
  });
export type TCompanySelfRegisterInput = z.infer<typeof ZCompanySelfRegisterInput>;
export type TCompanySelfRegisterBody = z.input<typeof ZCompanySelfRegisterInput>;

/* ------------------------------------------------------------------ the company */

export const ZCompanyDetail = ZCustomerDetail.extend({
  registryFlags: z.array(ZRegistryFlagState),
  structure: ZCompanyStructure,
});
export type TCompanyDetail = z.infer<typeof ZCompanyDetail>;

/** GET companies/: the customer list's query, always of type company. */
export const ZCompanyListQuery = ZCustomerListFilters.omit({ type: true });
export type TCompanyListQuery = z.infer<typeof ZCompanyListQuery>;

/** POST companies/:id/parents/:parentId/kyc-link: send the person the individual onboarding link. */
export const ZPartyKycLinkInput = z.object({
  email: ZEmail.or(z.literal('')).optional(),
});
export type TPartyKycLinkInput = z.infer<typeof ZPartyKycLinkInput>;

export const COMPANY_MESSAGES = {
  registered: 'Company registered successfully',
  kybRequired:
    'Company onboarding is not enabled for your account: only individual onboarding is. Ask an administrator to turn on company onboarding (KYB) for you',
  unknownDocument: 'That file was not uploaded to this data segment; upload it again',
  listed: 'Companies listed',
  found: 'Company found',
  updated: 'Company updated',
  unchanged: 'Nothing changed',
  flagsSaved: 'Registry flags saved',
  parentAdded: 'Parent added',
  parentUpdated: 'Parent updated',
  parentRemoved: 'Parent removed',
  linkSent: 'Onboarding link sent',
  notCompany: 'This customer is not a company',
  staleVersion: (version: number) =>
    `The company was changed by someone else (now version ${version}); reload it and make your change again`,
  duplicateRegistration: (sanadId: string) => `A company with this registration number is already registered (${sanadId})`,
  ownParent: 'A company cannot be its own parent',
  cycle: (names: string) => `This would make a cycle of ownership: ${names}`,
  sharesOver: (name: string, total: number) => `Shareholdings in ${name} would add up to ${total}%; they cannot exceed 100%`,
  ofNotEntity: 'Only an entity of the structure can have parents of its own',
  personOwned: 'A person cannot be owned; choose an entity',
  unknownParty: 'That party is not part of this company structure',
  partyKindFixed: 'Give either an existing party or a new one, not both',
  hasOwnParents: (name: string) => `Remove the parents of ${name} first`,
  alreadyParent: 'That party already holds this position; edit it instead',
  linkNeedsPerson: 'Only a natural person receives an individual onboarding link',
  linkNeedsEmail: 'Give the person an e-mail address to send the link to',
  alreadyCustomer: 'This person is already a customer',
  noController: 'No director or authorised signatory is recorded',
} as const;
