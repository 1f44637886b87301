import { randomInt } from 'node:crypto';
import { PASSWORD_SYMBOLS, isStrongPassword } from '@sanad/contracts/passwords';
import type { Database } from '../../platform/db/database';
import { appendAudit, SYSTEM_SOURCE } from '../../platform/audit/audit-log';
import { hashPassword } from '../../platform/auth/passwords';
import { provisionDataSegment } from '../data-segments/data-segment.port';
import { hasAnyUser, insertFirstAdministrator, lockFirstStart } from './setup.repository';

export interface FirstAdministrator {
  email: string;
  username: string;
  /** Present only when Sanad generated it; it is shown once and never stored in clear. */
  generatedPassword: string | null;
  dataSegmentId: string;
}

const ALPHABETS = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', PASSWORD_SYMBOLS];

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? '';

/** 16 characters from a CSPRNG, at least one of each class the password policy asks for. */
export function generatePassword(length = 16): string {
  const all = ALPHABETS.join('');
  const characters = ALPHABETS.map(pick);
  while (characters.length < length) characters.push(pick(all));
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const swap = randomInt(index + 1);
    [characters[index], characters[swap]] = [characters[swap] ?? '', characters[index] ?? ''];
  }
  return characters.join('');
}

/**
 * On the very first start, creates the first data segment with the default roles and an
 * administrator holding every permission and seeing every segment. Does nothing once any user
 * exists, so restarts and concurrent replicas are safe (the advisory lock serialises them).
 */
export async function ensureFirstAdministrator(
  db: Database,
  settings: { email: string; password?: string | undefined; companyName: string },
): Promise<FirstAdministrator | null> {
  // Restarts are the common case: skip the password work when users already exist.
  if (await hasAnyUser(db)) return null;
  const password = settings.password ?? generatePassword();
  if (!isStrongPassword(password)) {
    throw new Error(
      'SANAD_ADMIN_PASSWORD does not meet the password policy (6-20 characters, a digit, a lower- and an upper-case letter, one of !@#$%^&*_=+-, no spaces)',
    );
  }
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await lockFirstStart(tx);
    if (await hasAnyUser(tx)) return null;
    const { segmentId: dataSegmentId, administratorRoleId } = await provisionDataSegment(tx, {
      companyName: settings.companyName,
      fullName: 'System Administrator',
      title: settings.companyName,
      ref: 'installation',
      email: settings.email,
      subscription: 'active',
    });
    const username = 'admin';
    const userId = await insertFirstAdministrator(tx, {
      email: settings.email,
      username,
      companyName: settings.companyName,
      roleId: administratorRoleId,
      passwordHash,
    });
    await appendAudit(tx, {
      dataSegmentId,
      source: SYSTEM_SOURCE,
      module: 'system_users',
      action: 'created_user',
      entityType: 'user',
      entityId: userId,
      summary: 'First administrator created on first start',
    });
    return { email: settings.email, username, generatedPassword: settings.password ? null : password, dataSegmentId };
  });
}
