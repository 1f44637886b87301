/**
 * The onboarding configuration of each data segment: read and saved by the configuration screen,
 * read by the registration journeys (duplicate restriction, tax ID and industry rules, address-proof
 * document types). The path's id is the data segment's id; another segment is not found.
 */
import {
  ONBOARDING_CONFIGURATION_MESSAGES,
  type TOnboardingConfiguration,
  type TOnboardingConfigurationSave,
  type TOnboardingSettings,
} from '@sanad/contracts/onboarding-configuration';
import { isKnownCardTypeOrFamily } from '@sanad/idv/document/card-types';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database, Queryable } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { isUuid } from '../../platform/http/id-params';
import type { RequestMeta } from '../../platform/http/request-meta';
import { canSeeSegment } from '../../platform/tenancy/scope';
import { changedPaths } from './customer-facts';
import { findOnboardingConfiguration, onboardingSettingsOf, writeOnboardingConfiguration } from './onboarding-configuration.repository';

function refuseUnknownCardTypes(settings: TOnboardingSettings): void {
  for (const side of ['front', 'back'] as const) {
    const unknown = settings.acceptedCardTypes[side].filter((code) => !isKnownCardTypeOrFamily(code.toUpperCase()));
    if (unknown.length > 0) throw AppError.field(`settings.acceptedCardTypes.${side}`, `Unknown document type: ${unknown.join(', ')}`);
  }
}

const cardTypes = (codes: readonly string[]): string[] => [...new Set(codes.map((code) => code.toUpperCase()))];

/** Card types in upper case (the reader's spelling), one copy of each list entry, in the order given. */
function tidy(settings: TOnboardingSettings): TOnboardingSettings {
  return {
    ...settings,
    acceptedCardTypes: { front: cardTypes(settings.acceptedCardTypes.front), back: cardTypes(settings.acceptedCardTypes.back) },
    addressProofDocumentTypes: [...new Set(settings.addressProofDocumentTypes)],
    linkChannels: [...new Set(settings.linkChannels)],
  };
}

/** The segment a path's id names, when the actor may see it; otherwise not found. */
function segmentOf(actor: Actor, id: string): string {
  if (!isUuid(id) || !canSeeSegment(actor.segments, id)) throw AppError.notFound();
  return id;
}

export function createOnboardingConfigurationService({ db }: { db: Database }) {
  return {
    async get(actor: Actor, id: string): Promise<TOnboardingConfiguration> {
      const found = await findOnboardingConfiguration(db, segmentOf(actor, id));
      if (!found) throw AppError.notFound();
      return found;
    },

    async save(actor: Actor, id: string, input: TOnboardingConfigurationSave, meta: RequestMeta): Promise<TOnboardingConfiguration> {
      const dataSegmentId = segmentOf(actor, id);
      refuseUnknownCardTypes(input.settings);
      const settings = tidy(input.settings);
      await db.transaction(async (tx) => {
        const current = await findOnboardingConfiguration(tx, dataSegmentId, true);
        if (!current) throw AppError.notFound();
        if (current.version !== input.version) throw AppError.conflict('version', ONBOARDING_CONFIGURATION_MESSAGES.stale);
        const changed = changedPaths(current.settings, settings);
        await writeOnboardingConfiguration(tx, dataSegmentId, settings, { id: actor.userId, name: actor.name });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'configuration',
          action: 'updated_onboarding_configuration',
          summary:
            changed.length > 0
              ? `Updated the onboarding configuration: ${changed.join(', ')}`
              : 'Saved the onboarding configuration unchanged',
          details: { version: current.version + 1, changed, settings },
        });
      });
      const saved = await findOnboardingConfiguration(db, dataSegmentId);
      if (!saved) throw AppError.notFound();
      return saved;
    },

    /** The settings a journey applies in a segment (no permission check: the journey has done it). */
    settingsOf: (dataSegmentId: string, target: Queryable = db): Promise<TOnboardingSettings> =>
      onboardingSettingsOf(target, dataSegmentId),
  };
}

export type OnboardingConfigurationService = ReturnType<typeof createOnboardingConfigurationService>;
