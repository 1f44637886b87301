import { ADMINISTRATOR_ROLE_TITLE, DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import type { Queryable } from '../../platform/db/database';
import { seedRiskConfiguration } from '../risk/risk-seed';
import { insertRole } from '../roles/role.repository';
import { insertDataSegment, type NewDataSegment } from './data-segment.repository';

/**
 * The one way a data segment comes into being (administrator, self-service sign-up, first start,
 * command line): the segment, the default roles every new segment starts with (DECISIONS SH-37) and
 * the documented default risk model. Screening needs no seed: a segment without its own thresholds
 * reads the engine's defaults. Returns the segment id and the id of its Administrator role. Runs in
 * the caller's transaction, so a later failure leaves neither the segment nor its roles behind.
 */
export async function provisionDataSegment(
  tx: Queryable,
  fields: NewDataSegment,
): Promise<{ segmentId: string; administratorRoleId: string }> {
  const segmentId = await insertDataSegment(tx, fields);
  const roleIds = new Map<string, string>();
  for (const role of DEFAULT_ROLES) {
    roleIds.set(
      role.title,
      await insertRole(tx, { dataSegmentId: segmentId, title: role.title, permissions: role.permissions, isSystem: true }),
    );
  }
  const administratorRoleId = roleIds.get(ADMINISTRATOR_ROLE_TITLE);
  if (!administratorRoleId) throw new Error(`the default roles lack ${ADMINISTRATOR_ROLE_TITLE}`);
  await seedRiskConfiguration(tx, segmentId);
  return { segmentId, administratorRoleId };
}
