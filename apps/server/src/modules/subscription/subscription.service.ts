import type { TSubscriptionSummary } from '@sanad/contracts/subscription';
import type { Database } from '../../platform/db/database';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import { findSubscriptionSummary } from './subscription.repository';

export function createSubscriptionService({ db }: { db: Database }) {
  return {
    /** A segment outside the caller's scope is answered as a missing one, so ids cannot be probed. */
    async getSummary(actor: Actor, dataSegmentId: string): Promise<TSubscriptionSummary> {
      const summary = await findSubscriptionSummary(db, actor.segments, dataSegmentId);
      if (!summary) throw AppError.notFound();
      return summary;
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
