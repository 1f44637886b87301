import { sql } from 'kysely';
import {
  FORM_PAGES,
  ZFormAnswers,
  ZFormDefinition,
  allFields,
  customFieldsOf,
  defaultFormDefinition,
  type TFormField,
  type TCustomFieldSummary,
  type TFormAnswers,
  type TFormDefinition,
  type TFormPage,
  type TFormVersion,
  type TFormVersionSummary,
} from '@sanad/contracts/form-builder';
import type { Queryable } from '../../platform/db/database';
import { sqlOf } from '../../platform/db/query-builder';

export interface DraftRow {
  definition: TFormDefinition;
  revision: number;
  updatedBy: { _id: string | null; name: string } | null;
  updatedAt: string | null;
}

/**
 * A stored form read through today's contract; a form an older contract wrote that no longer
 * parses reads as the page's default, never a server error on the builder.
 */
function readableDefinition(page: TFormPage, stored: unknown): TFormDefinition {
  const parsed = ZFormDefinition.safeParse(stored);
  return parsed.success ? parsed.data : defaultFormDefinition(page);
}

/** A page's draft; a page never saved reads the default form at revision 0 (a read writes nothing). */
export async function findDraft(db: Queryable, dataSegmentId: string, page: TFormPage, forUpdate = false): Promise<DraftRow> {
  const row = await sqlOf(db)
    .selectFrom('formDrafts')
    .select(['definition', 'revision', 'updatedBy', 'updatedByName', 'updatedAt'])
    .where('dataSegmentId', '=', dataSegmentId)
    .where('page', '=', page)
    .$if(forUpdate, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) return { definition: defaultFormDefinition(page), revision: 0, updatedBy: null, updatedAt: null };
  return {
    definition: readableDefinition(page, row.definition),
    revision: row.revision,
    updatedBy: { _id: row.updatedBy, name: row.updatedByName },
    updatedAt: row.updatedAt,
  };
}

/** Writes the draft as the next revision (the caller holds the segment lock and has checked the revision). */
export async function writeDraft(
  tx: Queryable,
  dataSegmentId: string,
  page: TFormPage,
  definition: TFormDefinition,
  actor: { id: string; name: string },
): Promise<void> {
  const json = JSON.stringify(definition);
  await sqlOf(tx)
    .insertInto('formDrafts')
    .values({ dataSegmentId, page, definition: json, updatedBy: actor.id, updatedByName: actor.name })
    .onConflict((conflict) =>
      conflict.columns(['dataSegmentId', 'page']).doUpdateSet({
        definition: json,
        revision: sql`form_drafts.revision + 1`,
        updatedBy: actor.id,
        updatedByName: actor.name,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}

/** Serialises the writes of one segment's forms: drafts, publishes and restores take it first. */
export async function lockSegmentForms(tx: Queryable, dataSegmentId: string): Promise<boolean> {
  const row = await sqlOf(tx).selectFrom('dataSegments').select('id').where('id', '=', dataSegmentId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

interface VersionRow {
  id: string;
  dataSegmentId: string;
  page: string;
  version: number;
  definition: unknown;
  publishedBy: string | null;
  publishedByName: string;
  publishedAt: string;
  restoredFrom: number | null;
}

const VERSION_COLUMNS = [
  'id',
  'dataSegmentId',
  'page',
  'version',
  'definition',
  'publishedBy',
  'publishedByName',
  'publishedAt',
  'restoredFrom',
] as const;

function toVersion(row: VersionRow): TFormVersion {
  const page = row.page as TFormPage;
  return {
    _id: row.id,
    dataSegmentId: row.dataSegmentId,
    page,
    version: row.version,
    definition: readableDefinition(page, row.definition),
    publishedBy: { _id: row.publishedBy, name: row.publishedByName },
    publishedAt: row.publishedAt,
    restoredFrom: row.restoredFrom,
  };
}

/** The version in force: the newest published one. */
export async function findPublished(db: Queryable, dataSegmentId: string, page: TFormPage): Promise<TFormVersion | null> {
  const row = await sqlOf(db)
    .selectFrom('formVersions')
    .select(VERSION_COLUMNS)
    .where('dataSegmentId', '=', dataSegmentId)
    .where('page', '=', page)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toVersion(row) : null;
}

/** The custom fields of a segment's published forms, page by page in FORM_PAGES order (customFieldsOf). */
export async function findPublishedCustomFields(db: Queryable, dataSegmentId: string): Promise<TCustomFieldSummary[]> {
  const fields: TFormField[] = [];
  for (const page of FORM_PAGES) {
    const version = await findPublished(db, dataSegmentId, page);
    if (version) fields.push(...allFields(version.definition));
  }
  return customFieldsOf(fields);
}

export async function findVersion(db: Queryable, dataSegmentId: string, page: TFormPage, version: number): Promise<TFormVersion | null> {
  const row = await sqlOf(db)
    .selectFrom('formVersions')
    .select(VERSION_COLUMNS)
    .where('dataSegmentId', '=', dataSegmentId)
    .where('page', '=', page)
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function findVersionById(db: Queryable, id: string): Promise<TFormVersion | null> {
  const row = await sqlOf(db).selectFrom('formVersions').select(VERSION_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toVersion(row) : null;
}

/** Every published version of a page, newest first (a page has at most a few hundred). */
export async function listVersions(db: Queryable, dataSegmentId: string, page: TFormPage): Promise<TFormVersionSummary[]> {
  const rows = await sqlOf(db)
    .selectFrom('formVersions')
    .select(VERSION_COLUMNS)
    .where('dataSegmentId', '=', dataSegmentId)
    .where('page', '=', page)
    .orderBy('version', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => {
    const { definition: _definition, ...summary } = toVersion(row);
    return summary;
  });
}

/** Writes the next version of a page (the caller holds the segment lock). */
export async function insertVersion(
  tx: Queryable,
  input: {
    dataSegmentId: string;
    page: TFormPage;
    definition: TFormDefinition;
    actor: { id: string; name: string };
    restoredFrom: number | null;
  },
): Promise<TFormVersion> {
  const latest = await sqlOf(tx)
    .selectFrom('formVersions')
    .select(({ fn }) => fn.max('version').as('latest'))
    .where('dataSegmentId', '=', input.dataSegmentId)
    .where('page', '=', input.page)
    .executeTakeFirst();
  const row = await sqlOf(tx)
    .insertInto('formVersions')
    .values({
      dataSegmentId: input.dataSegmentId,
      page: input.page,
      version: (latest?.latest ?? 0) + 1,
      definition: JSON.stringify(input.definition),
      publishedBy: input.actor.id,
      publishedByName: input.actor.name,
      restoredFrom: input.restoredFrom,
    })
    .returning(VERSION_COLUMNS)
    .executeTakeFirstOrThrow();
  return toVersion(row);
}

export interface SubmissionRow {
  id: string;
  dataSegmentId: string;
  formVersionId: string;
  answers: TFormAnswers;
  linkId: string | null;
  submittedAt: string | null;
}

export async function insertSubmission(
  tx: Queryable,
  input: { dataSegmentId: string; formVersionId: string; startedBy: string | null; linkId: string | null },
): Promise<SubmissionRow> {
  const row = await sqlOf(tx)
    .insertInto('formSubmissions')
    .values(input)
    .returning(['id', 'dataSegmentId', 'formVersionId', 'answers', 'linkId', 'submittedAt'])
    .executeTakeFirstOrThrow();
  return { ...row, answers: {} };
}

export async function findSubmission(db: Queryable, id: string, forUpdate = false): Promise<SubmissionRow | null> {
  const row = await sqlOf(db)
    .selectFrom('formSubmissions')
    .select(['id', 'dataSegmentId', 'formVersionId', 'answers', 'linkId', 'submittedAt'])
    .where('id', '=', id)
    .$if(forUpdate, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) return null;
  const answers = ZFormAnswers.safeParse(row.answers);
  return { ...row, answers: answers.success ? answers.data : {} };
}

export async function writeSubmissionAnswers(tx: Queryable, id: string, answers: TFormAnswers): Promise<void> {
  await sqlOf(tx)
    .updateTable('formSubmissions')
    .set({ answers: JSON.stringify(answers), submittedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}
