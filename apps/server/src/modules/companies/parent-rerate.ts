/**
 * A company's rating reads its parents' own hits, and those of its corporate parents' parents up the
 * chain (company.service `restate`, company.repository `listPartyCustomerHits`), so it is stale as
 * soon as a parent's individual KYC changes. This re-rates the companies a customer is a party of,
 * inside the transaction that changed the customer: when the customer the parent's onboarding link
 * created is tied to the party (completion), and whenever that customer is rated again (an edit, a
 * hit decided, a re-screening). It then walks up: a re-rated company that is itself a party of
 * another company (a company owning a company owning ...) has that one re-rated too, level by level,
 * each company once (a cycle of companies owning each other stops where it closes) and at most
 * OWNERSHIP_CHAIN_DEPTH levels up. Every re-rating is audited. All of it is in the caller's
 * transaction, so a crash leaves none of it and the retried change re-rates the same companies to
 * the same levels; rating again on unchanged facts gives the same answer, so a second pass is
 * harmless. The company module rates companies with the plain rating service and follows up here
 * itself, so nothing runs twice.
 */
import { appendAudit } from '../../platform/audit/audit-log';
import type { Queryable } from '../../platform/db/database';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import { OWNERSHIP_CHAIN_DEPTH, listCompaniesOfPartyCustomer, listCompanyHitFacts, listPartyCustomerHits } from './company.repository';

type Ratings = Pick<CustomerRatingService, 'rateInTransaction' | 'rateNewInTransaction'>;
type RatingContext = NonNullable<Parameters<Ratings['rateInTransaction']>[3]>;

export interface ParentCompanyRerate {
  /**
   * Re-rates every company the customer is a party of, and the companies those are parties of, up
   * the chain; answers the re-rated companies' ids, nearest first.
   */
  rerateCompaniesOf: (tx: Queryable, customerId: string, why: string, context?: Pick<RatingContext, 'actor' | 'meta'>) => Promise<string[]>;
  /** The rating service for the customer modules: each rating of a customer also re-rates its companies. */
  ratingsFollowingParents: Ratings;
}

export function createParentCompanyRerate({ ratings }: { ratings: Ratings }): ParentCompanyRerate {
  async function rerateCompaniesOf(
    tx: Queryable,
    customerId: string,
    why: string,
    context: Pick<RatingContext, 'actor' | 'meta'> = {},
  ): Promise<string[]> {
    const seen = new Set<string>([customerId]);
    const rerated: string[] = [];
    // Level by level: the companies the customer is a party of, then the companies those are parties of.
    let level: string[] = [customerId];
    for (let depth = 1; depth <= OWNERSHIP_CHAIN_DEPTH && level.length > 0; depth += 1) {
      const next: string[] = [];
      for (const owner of level) {
        for (const company of await listCompaniesOfPartyCustomer(tx, owner)) {
          if (seen.has(company.companyId)) continue;
          seen.add(company.companyId);
          // The company's own hits and its parents' open or confirmed ones (up the chain), as restate rates them.
          const screeningHits = [
            ...(await listCompanyHitFacts(tx, company.companyId)),
            ...(await listPartyCustomerHits(tx, company.companyId)),
          ];
          const rated = await ratings.rateInTransaction(tx, { all: false, ids: [company.dataSegmentId] }, company.companyId, {
            ...context,
            facts: { screeningHits },
          });
          const summary =
            depth === 1
              ? `Re-rated ${company.sanadId} because ${why} for its parent ${company.partyName}: risk ${rated.rating.level}`
              : `Re-rated ${company.sanadId} because ${why} for a parent ${depth} levels up, through its parent ${company.partyName}: risk ${rated.rating.level}`;
          await appendAudit(tx, {
            dataSegmentId: company.dataSegmentId,
            actor: context.actor ?? null,
            module: 'customers',
            action: 'rerated_company_for_parent',
            entityType: 'customer',
            entityId: company.companyId,
            summary,
            details: {
              sanadId: company.sanadId,
              parentCustomerId: owner,
              originCustomerId: customerId,
              depth,
              riskLevel: rated.rating.level,
            },
            ip: context.meta?.ip ?? null,
            requestId: context.meta?.requestId ?? null,
          });
          rerated.push(company.companyId);
          next.push(company.companyId);
        }
      }
      level = next;
    }
    return rerated;
  }

  return {
    rerateCompaniesOf,
    ratingsFollowingParents: {
      async rateInTransaction(tx, scope, customerId, context = {}) {
        // The customer modules give a company only its own hits (a hit decided on its profile, a
        // re-screening); its parents' hits are added here, as the company module's restate does.
        const parentHits = context.facts?.screeningHits ? await listPartyCustomerHits(tx, customerId) : [];
        const rated =
          parentHits.length > 0
            ? { ...context, facts: { ...context.facts, screeningHits: [...(context.facts?.screeningHits ?? []), ...parentHits] } }
            : context;
        const result = await ratings.rateInTransaction(tx, scope, customerId, rated);
        await rerateCompaniesOf(tx, customerId, 'the individual KYC rating changed', {
          actor: context.actor ?? null,
          ...(context.meta ? { meta: context.meta } : {}),
        });
        return result;
      },
      // Customers created in the caller's transaction: no company names them as a party yet (the
      // party link is made later, to a committed customer), so there are no parent hits to add and
      // no company to re-rate.
      rateNewInTransaction: (tx, dataSegmentId, items) => ratings.rateNewInTransaction(tx, dataSegmentId, items),
    },
  };
}
