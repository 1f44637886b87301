import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../platform/db/pglite-database';
import { migrate } from '../platform/db/migrate';
import { serverRoot } from '../platform/server-root';
import { generateSchemaTypes } from './schema-types';

describe('the generated row types', () => {
  it('match the migrations (run `npm run db:types` after adding one)', async () => {
    const db = await openPgliteDatabase('memory://');
    try {
      await migrate(db);
      const committed = readFileSync(path.join(serverRoot(), 'src', 'db', 'schema.generated.ts'), 'utf8');
      expect(committed).toBe(await generateSchemaTypes(db));
    } finally {
      await db.close();
    }
  });
});
