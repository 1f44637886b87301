import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TBlacklistEntry, TListImport } from '@sanad/contracts/screening';
import { FIXTURES_DIR } from '@sanad/screening/importers/fixture-paths';
import { multipart } from '@sanad/test-support/multipart';
import { createListImportService, type ListImportService } from '../modules/screening/list-import.service';
import { call } from './admin-helpers';
import { bearer, body, type TestApp } from './test-app';

/** A list file shipped with the screening engine's tests: `fixture('sanad-list', 'delta.csv')`. */
export const fixture = (...parts: string[]): Buffer => readFileSync(path.join(FIXTURES_DIR, ...parts));

/**
 * The import job's own code, for API tests where no job queue runs: a second instance of the
 * service, whose list changes reach the app's screening index through the database's notices.
 */
export function importJobRunner(t: TestApp): ListImportService {
  return createListImportService({ db: t.context.db, vault: t.context.vault, jobs: null, onListsChanged: () => undefined });
}

/** Uploads a list file as POST files/ (type screening-list) and returns the stored file's name. */
export async function uploadList(t: TestApp, token: string, name: string, content: Buffer | string): Promise<string> {
  const form = multipart({ type: 'screening-list' }, { name, body: Buffer.from(content) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(response.statusCode).toBe(200);
  return body<{ data: { fileName: string } }>(response).data.fileName;
}

/** Requests an import through the API, runs its job, and answers the import as the API then shows it. */
export async function runImport(
  t: TestApp,
  jobs: ListImportService,
  token: string,
  kind: 'full' | 'delta',
  file: { name: string; content: Buffer | string; format?: string },
): Promise<TListImport> {
  const fileName = await uploadList(t, token, file.name, file.content);
  const response = await call(t, 'POST', kind === 'delta' ? 'screening-data/importDelta/' : 'screening-data/import/', {
    token,
    payload: { fileName, format: file.format ?? 'csv' },
  });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  const { _id: id } = body<{ data: TListImport }>(response).data;
  await jobs.processImport(id);
  return body<{ data: TListImport }>(await call(t, 'GET', `screening-data/imports/${id}`, { token })).data;
}

/** The segment's own list as GET screening-data/sanad-list answers it. */
export async function ownList(t: TestApp, token: string, query: Record<string, string> = {}): Promise<TBlacklistEntry[]> {
  const response = await call(t, 'GET', 'screening-data/sanad-list', { token, query: { perPage: '100', ...query } });
  expect(response.statusCode).toBe(200);
  return body<{ data: TBlacklistEntry[] }>(response).data;
}
