/** Rewrites src/db/schema.generated.ts from the migrations: `npm run db:types`. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPgliteDatabase } from '../platform/db/pglite-database';
import { migrate } from '../platform/db/migrate';
import { serverRoot } from '../platform/server-root';
import { generateSchemaTypes } from './schema-types';

export const SCHEMA_TYPES_FILE = path.join(serverRoot(), 'src', 'db', 'schema.generated.ts');

const db = await openPgliteDatabase('memory://');
try {
  await migrate(db);
  writeFileSync(SCHEMA_TYPES_FILE, await generateSchemaTypes(db));
  console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_TYPES_FILE)}`);
} finally {
  await db.close();
}
