import { AppError } from '../http/app-error';

/** The data segments an actor may see: every one when `all`, else exactly `ids`. */
export interface TenantScope {
  readonly all: boolean;
  readonly ids: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function scopeFromSegmentIds(ids: readonly string[]): TenantScope {
  return ids.length === 0 ? { all: true, ids: [] } : { all: false, ids };
}

export function canSeeSegment(scope: TenantScope, segmentId: string | null | undefined): boolean {
  if (!segmentId) return false;
  return scope.all || scope.ids.includes(segmentId);
}

/**
 * A data segment id sent by the client: 'skip', 'none' or nothing means none (the caller's current
 * segment applies; the customer-verification screen sends 'none' for it, PR-13); anything else must
 * be one the actor may see, or the request is refused before it reaches a repository.
 */
export function resolveRequestedSegment(scope: TenantScope, requested: string | null | undefined): string | null {
  if (requested === undefined || requested === null || requested === '' || requested === 'skip' || requested === 'none') return null;
  if (!UUID.test(requested) || !canSeeSegment(scope, requested)) throw AppError.forbidden();
  return requested;
}

/**
 * SQL condition limiting `column` to the scope, or to one requested segment inside it. Parameters
 * are appended to `params`, so the caller keeps its own numbering.
 */
export function segmentCondition(scope: TenantScope, column: string, params: unknown[], only: string | null = null): string {
  if (only) {
    params.push(only);
    return `${column} = $${params.length}::uuid`;
  }
  if (scope.all) return 'true';
  params.push(scope.ids);
  return `${column} = any($${params.length}::uuid[])`;
}
