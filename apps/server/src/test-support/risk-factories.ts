import type { Queryable } from '../platform/db/database';
import { insertCustomer, type StoredRiskContext } from '../modules/risk/rating/customer-rating.repository';
import { systemSegment } from '../modules/risk/segment-ref';

/** A registration record in the spec's shape for an ordinary salaried customer. */
export function buildIndividualRecord(change: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    type: 'individual',
    verificationStatus: { liveness: 'passed', face: 'matched' },
    basicInfo: {
      firstName: 'Ayesha',
      lastName: 'Khan',
      genderId: 'female',
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
      hasOtherNationalities: false,
    },
    occupationInfo: { workTypeId: 'salaried-private', industryId: 'information-technology' },
    pepDeclaration: {
      anyPublicPos: 'no',
      posLastTwoMonths: 'no',
      everPublicPosition: 'no',
      diplomaticImmunity: 'no',
      relativeTwelveMonths: 'no',
      closeAssociateTwelveMonths: 'no',
      conviction: 'no',
      other: 'no',
    },
    contactInfo: { stateId: 'PK-SD', city: 'Karachi' },
    accountInfo: { products: ['savings-account'], isf2f: true, isStr: false },
    additionalInfo: { investment: '250000' },
    ...change,
  };
}

export async function makeCustomer(
  db: Queryable,
  dataSegmentId: string,
  options: { type?: 'individual' | 'company'; record?: Record<string, unknown>; riskContext?: StoredRiskContext } = {},
): Promise<string> {
  const { id } = await insertCustomer(db, systemSegment(dataSegmentId), {
    type: options.type ?? 'individual',
    record: options.record ?? buildIndividualRecord(),
    ...(options.riskContext ? { riskContext: options.riskContext } : {}),
  });
  return id;
}

/** Row counts of every table in the public schema, to prove an action wrote nothing. */
export async function countAllRows(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const row = await db.query<{ count: number }>(`select count(*)::int as count from "${table}"`);
    counts[table] = row.rows[0]?.count ?? 0;
  }
  return counts;
}

/**
 * The risk configuration versions stored for a segment, read straight from the table: the API would
 * seed a segment lazily on its first read, so only this shows what segment creation itself wrote.
 */
export async function storedRiskVersions(
  db: Queryable,
  dataSegmentId: string,
): Promise<Array<{ seq: number; action: string; version: string }>> {
  const result = await db.query<{ seq: number; action: string; version: string }>(
    'select seq, action, version from risk_config_versions where data_segment_id = $1 order by seq',
    [dataSegmentId],
  );
  return result.rows;
}
