/**
 * The zod schema of an ownership structure, for the contracts that accept one over the API. It checks
 * the shape (and that percentages are 0–100, ids unique, dates YYYY-MM-DD); what the structure means
 * (an edge to a missing node, a self-parent, more than 100% in one company, cycles) is reported by
 * `checkOwnershipStructure` and `computeOwnership`, in sentences an officer can act on.
 */
import { z } from 'zod';
import type { OwnershipStructure } from './ownership.types';
import { ENTITY_SUBTYPES, ENTITY_TYPES, INTEREST_TYPES, PERSON_TYPES, UNSPECIFIED_REASONS } from './ownership.types';

/** Bounds that keep a stored structure reviewable and the computation fast. */
export const MAX_NODES = 500;
export const MAX_EDGES = 2000;

const Id = z.string().trim().min(1).max(200);
const Text = z.string().max(500);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');
const PartialDate = z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'must be a date written YYYY, YYYY-MM or YYYY-MM-DD');
const Percent = z.number().min(0, 'must be at least 0%').max(100, 'must be at most 100%');

const CountrySchema = z.object({ name: Text, code: z.string().min(2).max(6).optional() });
const IdentifierSchema = z.object({ id: Text.optional(), scheme: Text.optional(), schemeName: Text.optional(), uri: Text.optional() });
const UnspecifiedSchema = z.object({ reason: z.enum(UNSPECIFIED_REASONS), description: Text.optional() });
const AnnotationSchema = z.object({
  motivation: z.enum(['commenting', 'correcting', 'identifying', 'linking', 'transformation']),
  statementPointerTarget: Text,
  description: z.string().max(5000).optional(),
  url: Text.optional(),
  creationDate: Text.optional(),
  createdBy: z.object({ name: Text.optional(), uri: Text.optional() }).optional(),
  transformedContent: z.string().max(5000).optional(),
});
const Annotations = z.array(AnnotationSchema).max(50).optional();

const PoliticalExposureSchema = z.object({
  status: z.enum(['isPep', 'isNotPep', 'unknown']),
  details: z
    .array(
      z.object({
        reason: Text.optional(),
        missingInfoReason: Text.optional(),
        jurisdiction: CountrySchema.optional(),
        startDate: IsoDate.optional(),
        endDate: IsoDate.optional(),
        source: z
          .object({
            type: z.array(Text).max(10).optional(),
            description: Text.optional(),
            url: Text.optional(),
            assertedBy: z
              .array(z.object({ name: Text.optional(), uri: Text.optional() }))
              .max(10)
              .optional(),
          })
          .optional(),
      }),
    )
    .max(20)
    .optional(),
});

const PublicListingSchema = z.object({
  hasPublicListing: z.boolean(),
  companyFilingsURLs: z.array(Text).max(20).optional(),
  securitiesListings: z
    .array(
      z.object({
        stockExchangeJurisdiction: z.string().min(2).max(6),
        stockExchangeName: Text,
        marketIdentifierCode: Text.optional(),
        security: z.object({ ticker: Text, idScheme: z.enum(['isin', 'figi', 'cusip', 'cins']).optional(), id: Text.optional() }),
      }),
    )
    .max(20)
    .optional(),
});

export const PersonNodeSchema = z.object({
  id: Id,
  kind: z.literal('person'),
  name: Text.optional(),
  personType: z.enum(PERSON_TYPES).optional(),
  alternateNames: z.array(Text).max(20).optional(),
  unspecified: UnspecifiedSchema.optional(),
  birthDate: PartialDate.optional(),
  nationalities: z.array(CountrySchema).max(10).optional(),
  taxResidencies: z.array(CountrySchema).max(10).optional(),
  identifiers: z.array(IdentifierSchema).max(20).optional(),
  politicalExposure: PoliticalExposureSchema.optional(),
  annotations: Annotations,
});

export const EntityNodeSchema = z.object({
  id: Id,
  kind: z.literal('entity'),
  name: Text.optional(),
  entityType: z.enum(ENTITY_TYPES),
  entitySubtype: z.enum(ENTITY_SUBTYPES).optional(),
  entityTypeDetails: Text.optional(),
  alternateNames: z.array(Text).max(20).optional(),
  unspecified: UnspecifiedSchema.optional(),
  jurisdiction: CountrySchema.optional(),
  identifiers: z.array(IdentifierSchema).max(20).optional(),
  foundingDate: IsoDate.optional(),
  dissolutionDate: IsoDate.optional(),
  publicListing: PublicListingSchema.optional(),
  annotations: Annotations,
});

export const UnspecifiedNodeSchema = z.object({
  id: Id,
  kind: z.literal('unspecified'),
  name: Text.optional(),
  unspecified: UnspecifiedSchema,
});

export const OwnershipNodeSchema = z.discriminatedUnion('kind', [PersonNodeSchema, EntityNodeSchema, UnspecifiedNodeSchema]);

export const ShareRangeSchema = z
  .object({
    exact: Percent.optional(),
    min: Percent.optional(),
    max: Percent.optional(),
    minExclusive: z.boolean().optional(),
    maxExclusive: z.boolean().optional(),
  })
  .refine((share) => share.min === undefined || share.max === undefined || share.min <= share.max, {
    message: 'the minimum must not exceed the maximum',
    path: ['min'],
  });

export const OwnershipInterestSchema = z.object({
  type: z.enum(INTEREST_TYPES),
  share: ShareRangeSchema.optional(),
  shareClass: Text.optional(),
  directOrIndirect: z.enum(['direct', 'indirect', 'unknown']).optional(),
  beneficialOwnershipOrControl: z.boolean().optional(),
  details: Text.optional(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
});

export const OwnershipEdgeSchema = z.object({
  id: Id,
  from: Id,
  to: Id,
  interests: z.array(OwnershipInterestSchema).max(30),
  components: z.array(Id).max(100).optional(),
  annotations: Annotations,
});

export const OwnershipStructureSchema = z
  .object({ nodes: z.array(OwnershipNodeSchema).max(MAX_NODES), edges: z.array(OwnershipEdgeSchema).max(MAX_EDGES) })
  .superRefine((structure, ctx) => {
    const seen = new Set<string>();
    for (const [index, item] of [...structure.nodes, ...structure.edges].entries()) {
      if (seen.has(item.id)) {
        const inNodes = index < structure.nodes.length;
        ctx.addIssue({
          code: 'custom',
          message: `The id ${item.id} is used twice; every person, entity and interest needs its own id.`,
          path: [inNodes ? 'nodes' : 'edges', inNodes ? index : index - structure.nodes.length, 'id'],
        });
      }
      seen.add(item.id);
    }
  });

// The schema and the hand-written types must describe the same JSON: each is assignable to the other.
type Parsed = z.infer<typeof OwnershipStructureSchema>;
export const schemaMatchesTypes: [Parsed extends OwnershipStructure ? true : false, OwnershipStructure extends Parsed ? true : false] = [
  true,
  true,
];
