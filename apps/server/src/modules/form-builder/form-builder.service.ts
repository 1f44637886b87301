/**
 * The form builder: each data segment's onboarding forms, one per page. A draft is saved freely
 * (quoting its revision); publishing runs the form validator and writes an immutable version;
 * restoring republishes an earlier one. A journey starts a submission pinned to the version in
 * force and is checked against that version when it submits, whatever is published meanwhile.
 */
import {
  FORM_MESSAGES,
  allFields,
  formAnswerErrors,
  formDefinitionIssues,
  type TFormDefinition,
  type TFormListField,
  type TFormPage,
  type TFormState,
  type TFormSubmission,
  type TFormVersion,
  type TFormVersionSummary,
} from '@sanad/contracts/form-builder';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { callerSegment, type Caller } from '../../platform/auth/caller';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUuid } from '../../platform/http/id-params';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { FileVault } from '../../platform/storage/file-vault';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import {
  findDraft,
  findPublished,
  findSubmission,
  findVersion,
  findVersionById,
  insertSubmission,
  insertVersion,
  listVersions,
  lockSegmentForms,
  writeDraft,
  writeSubmissionAnswers,
  type SubmissionRow,
} from './form-builder.repository';
import { answerFileErrors } from './form-builder.port';

const sameForm = (a: TFormDefinition, b: TFormDefinition): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The validator's problems as per-field errors, keyed by where each is in the form. */
function issuesAsErrors(page: TFormPage, definition: TFormDefinition): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of formDefinitionIssues(page, definition)) (errors[issue.path] ??= []).push(issue.message);
  return errors;
}

async function stateOf(db: Queryable, dataSegmentId: string, page: TFormPage): Promise<TFormState> {
  const [draft, published] = await Promise.all([findDraft(db, dataSegmentId, page), findPublished(db, dataSegmentId, page)]);
  return {
    dataSegmentId,
    page,
    draft: draft.definition,
    draftRevision: draft.revision,
    draftUpdatedBy: draft.updatedBy,
    draftUpdatedAt: draft.updatedAt,
    published,
    issues: formDefinitionIssues(page, draft.definition),
  };
}

async function submissionOf(db: Queryable, row: SubmissionRow): Promise<TFormSubmission> {
  const version = await findVersionById(db, row.formVersionId);
  if (!version) throw AppError.notFound();
  return {
    _id: row.id,
    dataSegmentId: row.dataSegmentId,
    page: version.page,
    versionId: version._id,
    version: version.version,
    definition: version.definition,
    answers: row.answers,
    submittedAt: row.submittedAt,
  };
}

/** A submission the caller may fill: staff of its segment, or the link that started it. */
function mayFill(caller: Caller, row: SubmissionRow): boolean {
  if (caller.kind === 'staff') return canSeeSegment(caller.actor.segments, row.dataSegmentId);
  return row.dataSegmentId === caller.link.dataSegmentId && row.linkId === caller.link.linkId;
}

const actorOf = (actor: Actor) => ({ id: actor.userId, name: actor.name });

export function createFormBuilderService({ db, vault }: { db: Database; vault: Pick<FileVault, 'describe'> }) {
  /** Runs a write on one segment's forms under its lock; a segment that does not exist is not found. */
  const locked = <T>(dataSegmentId: string, work: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      if (!(await lockSegmentForms(tx, dataSegmentId))) throw AppError.notFound();
      return work(tx);
    });

  return {
    form: (actor: Actor, page: TFormPage, requested: string | undefined): Promise<TFormState> =>
      stateOf(db, targetSegment(actor, requested), page),

    async saveDraft(
      actor: Actor,
      page: TFormPage,
      input: { dataSegmentId?: string; draftRevision: number; definition: TFormDefinition },
      meta: RequestMeta,
    ): Promise<TFormState> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      await locked(dataSegmentId, async (tx) => {
        const current = await findDraft(tx, dataSegmentId, page, true);
        if (current.revision !== input.draftRevision) throw AppError.conflict('draftRevision', FORM_MESSAGES.staleDraft);
        await writeDraft(tx, dataSegmentId, page, input.definition, actorOf(actor));
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'form_builder',
          action: 'saved_form_draft',
          entityType: 'form',
          entityId: page,
          summary: `Saved the draft of the ${page} form`,
          details: { page, revision: current.revision + 1, fields: allFields(input.definition).map((field) => field.key) },
        });
      });
      return stateOf(db, dataSegmentId, page);
    },

    async publish(
      actor: Actor,
      page: TFormPage,
      input: { dataSegmentId?: string; draftRevision: number },
      meta: RequestMeta,
    ): Promise<TFormVersion> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      return locked(dataSegmentId, async (tx) => {
        const draft = await findDraft(tx, dataSegmentId, page, true);
        if (draft.revision !== input.draftRevision) throw AppError.conflict('draftRevision', FORM_MESSAGES.staleDraft);
        const errors = issuesAsErrors(page, draft.definition);
        if (Object.keys(errors).length > 0) throw AppError.validation(errors, FORM_MESSAGES.invalidForm);
        const current = await findPublished(tx, dataSegmentId, page);
        if (current && sameForm(current.definition, draft.definition)) throw AppError.conflict('draftRevision', FORM_MESSAGES.unchanged);
        const version = await insertVersion(tx, {
          dataSegmentId,
          page,
          definition: draft.definition,
          actor: actorOf(actor),
          restoredFrom: null,
        });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'form_builder',
          action: 'published_form',
          entityType: 'form_version',
          entityId: version._id,
          summary: `Published version ${version.version} of the ${page} form`,
          details: { page, version: version.version, draftRevision: draft.revision, definition: draft.definition },
        });
        return version;
      });
    },

    async versions(actor: Actor, page: TFormPage, requested: string | undefined): Promise<TFormVersionSummary[]> {
      return listVersions(db, targetSegment(actor, requested), page);
    },

    async version(actor: Actor, page: TFormPage, version: number, requested: string | undefined): Promise<TFormVersion> {
      const found = await findVersion(db, targetSegment(actor, requested), page, version);
      if (!found) throw AppError.notFound();
      return found;
    },

    async restore(actor: Actor, page: TFormPage, version: number, requested: string | undefined, meta: RequestMeta): Promise<TFormVersion> {
      const dataSegmentId = targetSegment(actor, requested);
      return locked(dataSegmentId, async (tx) => {
        const earlier = await findVersion(tx, dataSegmentId, page, version);
        if (!earlier) throw AppError.notFound();
        const current = await findPublished(tx, dataSegmentId, page);
        if (current && sameForm(current.definition, earlier.definition)) throw AppError.conflict('version', FORM_MESSAGES.unchanged);
        // A version published under older rules is checked again: a restore never puts a refused form in force.
        const errors = issuesAsErrors(page, earlier.definition);
        if (Object.keys(errors).length > 0) throw AppError.validation(errors, FORM_MESSAGES.invalidForm);
        const restored = await insertVersion(tx, {
          dataSegmentId,
          page,
          definition: earlier.definition,
          actor: actorOf(actor),
          restoredFrom: earlier.version,
        });
        await findDraft(tx, dataSegmentId, page, true);
        await writeDraft(tx, dataSegmentId, page, earlier.definition, actorOf(actor));
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'form_builder',
          action: 'restored_form_version',
          entityType: 'form_version',
          entityId: restored._id,
          summary: `Restored version ${earlier.version} of the ${page} form as version ${restored.version}`,
          details: { page, restoredFrom: earlier.version, version: restored.version },
        });
        return restored;
      });
    },

    /** GET form-builder/list: the published fields of the page, in order; none when nothing is published. */
    async list(caller: Caller, page: TFormPage, requested: string | undefined): Promise<TFormListField[]> {
      const published = await findPublished(db, callerSegment(caller, requested), page);
      if (!published) return [];
      return published.definition.sections.flatMap((section) =>
        section.fields.map((field) => ({ ...field, section: section.key, sectionTitle: section.title, versionId: published._id })),
      );
    },

    async startSubmission(caller: Caller, input: { dataSegmentId?: string; page: TFormPage }, meta: RequestMeta): Promise<TFormSubmission> {
      const dataSegmentId = callerSegment(caller, input.dataSegmentId);
      const row = await db.transaction(async (tx) => {
        const published = await findPublished(tx, dataSegmentId, input.page);
        if (!published) throw AppError.notFound(FORM_MESSAGES.noPublished);
        const started = await insertSubmission(tx, {
          dataSegmentId,
          formVersionId: published._id,
          startedBy: caller.kind === 'staff' ? caller.actor.userId : null,
          linkId: caller.kind === 'link' ? caller.link.linkId : null,
        });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(caller.kind === 'staff' ? caller.actor : null, meta),
          module: 'form_builder',
          action: 'started_form_submission',
          entityType: 'form_submission',
          entityId: started.id,
          summary: `Started the ${input.page} form on version ${published.version}`,
          details: { page: input.page, version: published.version, versionId: published._id },
        });
        return started;
      });
      return submissionOf(db, row);
    },

    async submit(
      caller: Caller,
      id: string,
      input: { answers: Record<string, unknown>; language: 'en' | 'ar' | 'ur' },
      meta: RequestMeta,
    ): Promise<TFormSubmission> {
      if (!isUuid(id)) throw AppError.notFound();
      const answers = input.answers as TFormSubmission['answers'];
      // Checked before the write's transaction: the files are looked up by the vault's own connection.
      const current = await findSubmission(db, id);
      if (!current || !mayFill(caller, current)) throw AppError.notFound();
      if (current.submittedAt) throw AppError.conflict('answers', FORM_MESSAGES.alreadySubmitted);
      const pinned = await findVersionById(db, current.formVersionId);
      if (!pinned) throw AppError.notFound();
      const errors = formAnswerErrors(pinned.definition, answers, input.language);
      // A file or signature answer names a file of this segment uploaded by the link, or by the staff user, filling it.
      if (Object.keys(errors).length === 0)
        Object.assign(
          errors,
          await answerFileErrors(
            vault,
            pinned.definition,
            answers,
            {
              dataSegmentId: current.dataSegmentId,
              uploader: caller.kind === 'link' ? { linkId: caller.link.linkId } : { userId: caller.actor.userId },
            },
            input.language,
          ),
        );
      if (Object.keys(errors).length > 0)
        throw AppError.validation(
          Object.fromEntries(Object.entries(errors).map(([key, message]) => [`answers.${key}`, [message]])),
          FORM_MESSAGES.answersRefused,
        );
      const row = await db.transaction(async (tx) => {
        const found = await findSubmission(tx, id, true);
        if (!found || !mayFill(caller, found)) throw AppError.notFound();
        if (found.submittedAt) throw AppError.conflict('answers', FORM_MESSAGES.alreadySubmitted);
        const version = await findVersionById(tx, found.formVersionId);
        if (!version) throw AppError.notFound();
        await writeSubmissionAnswers(tx, id, answers);
        await appendAudit(tx, {
          dataSegmentId: found.dataSegmentId,
          source: auditSource(caller.kind === 'staff' ? caller.actor : null, meta),
          module: 'form_builder',
          action: 'submitted_form',
          entityType: 'form_submission',
          entityId: id,
          summary: `Submitted the ${version.page} form on version ${version.version}`,
          details: { page: version.page, version: version.version, answered: Object.keys(answers) },
        });
        return { ...found, answers, submittedAt: new Date().toISOString() };
      });
      const saved = await findSubmission(db, row.id);
      return submissionOf(db, saved ?? row);
    },
  };
}

export type FormBuilderService = ReturnType<typeof createFormBuilderService>;
