import { ADMINISTRATOR_ROLE_TITLE } from '@sanad/contracts/default-roles';
import type { Queryable } from '../../platform/db/database';
import { seedOnboardingConfiguration } from '../customers/onboarding-seed.port';
import { seedRiskConfiguration } from '../risk/configuration/risk-seed.port';
import { createDefaultRoles } from '../roles/role.port';
import { insertDataSegment, type NewDataSegment } from './data-segment.repository';

/**
 * What other modules (sign-in, sign-up, setup, accounts, profile) may use of data segments: the
 * one way a segment comes into being, and the segment reads a session needs.
 */
export {
  firstActiveSegmentOf,
  getSegmentSettings,
  listActiveSegmentIds,
  type NewDataSegment,
  type SegmentSettings,
} from './data-segment.repository';

/**
 * The one way a data segment comes into being (administrator, self-service sign-up, first start,
 * command line): the segment with its package's tier, the default roles every new segment starts
 * with, the documented default risk model and the default onboarding configuration. Screening needs no seed: a segment without its own
 * thresholds reads the engine's defaults. Runs in the caller's transaction, so a later failure
 * leaves neither the segment nor its roles behind.
 */
export async function provisionDataSegment(
  tx: Queryable,
  fields: NewDataSegment,
): Promise<{ segmentId: string; administratorRoleId: string }> {
  const segmentId = await insertDataSegment(tx, fields);
  const roleIds = await createDefaultRoles(tx, segmentId);
  const administratorRoleId = roleIds.get(ADMINISTRATOR_ROLE_TITLE);
  if (!administratorRoleId) throw new Error(`the default roles lack ${ADMINISTRATOR_ROLE_TITLE}`);
  await seedRiskConfiguration(tx, segmentId);
  await seedOnboardingConfiguration(tx, segmentId);
  return { segmentId, administratorRoleId };
}
