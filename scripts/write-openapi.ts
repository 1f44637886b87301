/** Writes docs/openapi.json from the endpoint contracts: `npm run openapi`. A test fails when it is stale. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS, API_INFO } from '@sanad/contracts/api-catalogue';
import { buildOpenApiDocument, type OpenApiInfo } from '@sanad/contracts/openapi';
import { V1_API_INFO, V1_ENDPOINTS } from '@sanad/contracts/public-api.endpoints';
import type { EndpointDefinition } from '@sanad/contracts/endpoint';

const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs');

function write(file: string, endpoints: readonly EndpointDefinition[], info: OpenApiInfo): void {
  const target = path.join(docs, file);
  writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(endpoints, info), null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), target)} (${endpoints.length} operations)`);
}

// The whole API (served at /api/docs), and the public API v1 on its own (served at /api/v1/openapi.json).
write('openapi.json', API_ENDPOINTS, API_INFO);
write('openapi-v1.json', V1_ENDPOINTS, V1_API_INFO);
