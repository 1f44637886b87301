/** Writes docs/openapi.json from the endpoint contracts: `npm run openapi`. A test fails when it is stale. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS, API_INFO } from '@sanad/contracts/api-catalogue';
import { buildOpenApiDocument } from '@sanad/contracts/openapi';

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'openapi.json');
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(API_ENDPOINTS, API_INFO), null, 2)}\n`);
console.log(`Wrote ${path.relative(process.cwd(), target)} (${API_ENDPOINTS.length} operations)`);
