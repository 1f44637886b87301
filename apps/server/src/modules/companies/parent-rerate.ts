/**
 * A company's rating reads its parents' own hits (company.service `restate`), so it is stale as
 * soon as a parent's individual KYC changes. This re-rates the companies a customer is a party of,
 * inside the transaction that changed the customer: when the customer the parent's onboarding link
 * created is tied to the party (completion), and whenever that customer is rated again (an edit, a
 * hit decided, a re-screening). Only the direct companies are re-rated: a company that is itself
 * a parent of another is not followed further. The company module rates companies with the plain
 * rating service, so nothing here runs twice.
 */
import { appendAudit } from '../../platform/audit/audit-log';
import type { Queryable } from '../../platform/db/database';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import { listCompaniesOfPartyCustomer, listCompanyHitFacts, listPartyCustomerHits } from './company.repository';

type Ratings = Pick<CustomerRatingService, 'rateInTransaction' | 'rateNewInTransaction'>;
type RatingContext = NonNullable<Parameters<Ratings['rateInTransaction']>[3]>;

export interface ParentCompanyRerate {
  /** Re-rates every company the customer is a party of; answers the companies' ids. */
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
    const companies = await listCompaniesOfPartyCustomer(tx, customerId);
    for (const company of companies) {
      // The company's own hits and its parents' open or confirmed ones, as restate rates them.
      const screeningHits = [
        ...(await listCompanyHitFacts(tx, company.companyId)),
        ...(await listPartyCustomerHits(tx, company.companyId)),
      ];
      const rated = await ratings.rateInTransaction(tx, { all: false, ids: [company.dataSegmentId] }, company.companyId, {
        ...context,
        facts: { screeningHits },
      });
      await appendAudit(tx, {
        dataSegmentId: company.dataSegmentId,
        actor: context.actor ?? null,
        module: 'customers',
        action: 'rerated_company_for_parent',
        entityType: 'customer',
        entityId: company.companyId,
        summary: `Re-rated ${company.sanadId} because ${why} for its parent ${company.partyName}: risk ${rated.rating.level}`,
        details: { sanadId: company.sanadId, parentCustomerId: customerId, riskLevel: rated.rating.level },
        ip: context.meta?.ip ?? null,
        requestId: context.meta?.requestId ?? null,
      });
    }
    return companies.map((company) => company.companyId);
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
