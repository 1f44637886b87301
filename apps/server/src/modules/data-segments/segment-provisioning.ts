import { DEFAULT_ROLES } from '@sanad/contracts/default-roles';
import type { Queryable } from '../../platform/db/database';
import { insertRole } from '../roles/role.repository';
import { insertDataSegment, updateDataSegment, type SegmentFields } from './data-segment.repository';

/**
 * Creates a data segment with the default roles every new segment starts with (DECISIONS SH-37),
 * as the first start does. Returns the segment id and the ids of its roles by title. Runs in the
 * caller's transaction, so a later failure leaves neither the segment nor its roles behind.
 */
export async function provisionDataSegment(tx: Queryable, fields: SegmentFields): Promise<{ segmentId: string; roleIds: Map<string, string> }> {
  const segmentId = await insertDataSegment(tx, { companyName: fields.companyName, subscription: fields.subscription });
  await updateDataSegment(tx, segmentId, fields);
  const roleIds = new Map<string, string>();
  for (const role of DEFAULT_ROLES) {
    roleIds.set(role.title, await insertRole(tx, { dataSegmentId: segmentId, title: role.title, permissions: role.permissions, isSystem: true }));
  }
  return { segmentId, roleIds };
}
