/**
 * Risk factors on the form builder's custom fields. Adding one creates `custom:<field>` (a code
 * factor, weight 0 until the officer sets it) with one value per option, or yes and no, at the
 * factor's unknown score; its values are then a table page like any factor's
 * (createCustomFactorValuePage). The engine reads customInfo as `custom:<field>` facts (a
 * multi-select's list scored by its highest option) in every rating, re-rating and bulk import.
 */
import { FIELD_TYPE_LABELS } from '@sanad/contracts/form-builder';
import type { TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import {
  customFactorCandidates,
  customFactorKey,
  customFactorValues,
  isRiskFactorFieldType,
  type TCustomFactorCreate,
  type TCustomFactorField,
} from '@sanad/contracts/risk-custom-factors';
import type { TConfigChangeResult } from '@sanad/contracts/risk-configuration';
import type { Actor } from '../../../platform/auth/access';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { RequestMeta } from '../../../platform/http/request-meta';
import { findPublishedCustomFields } from '../../form-builder/form-builder.port';
import { commitConfigChange } from '../configuration/risk-config-change';
import { findConfigSegment } from '../segment-access';
import { factorPage } from './factor-page';
import { insertFactorValues } from './factor-values.repository';
import { findFactorByKey, insertFactorLast, listAllFactors } from './risk-factors.repository';
import { beginChange, changeMessage } from './risk-table.service';

/** Neutral until the officer scores the options; the same unknown score most built-in factors start with. */
const STARTING_SCORE = 50;

export function createCustomFactorService({ db }: { db: Database }) {
  return {
    /** Published select, multi-select and yes/no custom fields of the segment that are not a factor yet. Reads only. */
    async listFields(actor: Actor, query: { dataSegmentId?: string | undefined }): Promise<TCustomFactorField[]> {
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      const fields = await findPublishedCustomFields(db, segment.segmentId);
      const factors = await listAllFactors(db, segment);
      return customFactorCandidates(fields, new Set(factors.map((factor) => factor.key)));
    },

    async create(
      actor: Actor,
      body: TCustomFactorCreate,
      meta: RequestMeta,
    ): Promise<{ result: TConfigChangeResult<TRiskFactorRow>; message: string }> {
      const segment = await findConfigSegment(db, actor, body.dataSegmentId);
      const key = customFactorKey(body.fieldKey);
      return db.transaction(async (tx) => {
        // The settings row is locked from here to the commit, so two adds of one field cannot both pass the check below.
        await beginChange(tx, segment);
        const field = (await findPublishedCustomFields(tx, segment.segmentId)).find((candidate) => candidate.key === body.fieldKey);
        if (!field) throw AppError.field('fieldKey', `No published form of this data segment asks the custom field ${body.fieldKey}`);
        if (!isRiskFactorFieldType(field.type)) {
          throw AppError.field(
            'fieldKey',
            `${field.label} is a ${FIELD_TYPE_LABELS[field.type].toLowerCase()} field: only select, multi-select and yes/no fields can be risk factors`,
          );
        }
        if (await findFactorByKey(tx, segment, key))
          throw AppError.conflict('fieldKey', `${field.label} is already the risk factor ${key}`);

        const id = await insertFactorLast(tx, segment, {
          key,
          title: field.label,
          kind: 'code',
          weight: 0,
          status: 'active',
          // The form builder's forms are the individual customer's journeys.
          appliesTo: ['individual'],
          // Customers registered before the field was asked have no answer: they are not scored on it.
          missing: 'exclude',
          unknownScore: STARTING_SCORE,
          reason: null,
          source: `Custom field ${field.key} of the form builder`,
        });
        await insertFactorValues(
          tx,
          segment,
          key,
          customFactorValues(field).map((value) => ({
            code: value.code,
            title: value.title,
            score: STARTING_SCORE,
            status: 'active',
            overrideTo: null,
            min: null,
            max: null,
            hitType: null,
            reason: null,
            source: null,
          })),
        );
        const outcome = await commitConfigChange(tx, segment, {
          page: 'risk',
          action: 'created_risk_configuration_item',
          summary: `Added risk factor ${field.label} (${key}) from a custom field`,
          actor: { id: actor.userId, name: actor.name },
          meta,
        });
        const item = await factorPage.find(tx, segment, id);
        if (!item) throw new Error('created factor not found');
        return {
          result: { item, version: outcome.version, isChanged: outcome.isChanged },
          message: changeMessage(`${field.label} added as a risk factor with weight 0: score its values, then set its weight`, outcome),
        };
      });
    },
  };
}

export type CustomFactorService = ReturnType<typeof createCustomFactorService>;
