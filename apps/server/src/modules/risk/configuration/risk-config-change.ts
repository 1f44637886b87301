/**
 * Every configuration change ends here, inside the transaction that made it: the stored rows are
 * read back as one configuration, validated by the engine as a whole, hashed, snapshotted and
 * recorded as a new version with an audit entry. An invalid result throws, so the transaction —
 * the change with it — rolls back and nothing half-applied remains.
 */
import { addFieldError } from '@sanad/contracts/field-errors';
import type { LogAction } from '@sanad/contracts/log-modules';
import type { TConfigVersionInfo } from '@sanad/contracts/risk-configuration';
import { versionRiskConfig, versionWordLists } from '@sanad/risk/config-version';
import { RiskConfigSchema, type RiskConfig, type RiskConfigInput } from '@sanad/risk/risk-config.schema';
import type { z } from 'zod';
import { appendAudit } from '../../../platform/audit/audit-log';
import type { Queryable } from '../../../platform/db/database';
import { AppError, type FieldErrors } from '../../../platform/http/app-error';
import { loadConfigInput } from './risk-config-builder';
import { findCurrentVersion, findSettings, insertSnapshot, insertVersion } from './risk-config.repository';
import type { SegmentRef } from '../segment-ref';

export interface ConfigChange {
  page: string;
  /** The audit action, e.g. updated_risk_configuration_item. */
  action: LogAction;
  summary: string;
  actor: { id: string; name: string } | null;
  meta?: { ip?: string | null; requestId?: string | null };
}

export interface ChangeOutcome {
  isChanged: boolean;
  version: TConfigVersionInfo;
  config: RiskConfig;
}

/** Names the field (and the CSV row, for imports) an engine validation issue is about. */
export type IssueLocator = (path: readonly PropertyKey[], config: RiskConfigInput) => { field: string; prefix?: string } | null;

function defaultField(path: readonly PropertyKey[]): string {
  const named = path.filter((part): part is string => typeof part === 'string');
  const last = named.at(-1);
  if (!last || last === 'factors') return 'weight';
  if (last === 'values') return 'code';
  return last;
}

/**
 * The engine's issues about the whole configuration, each on the field (or CSV row) it concerns,
 * built with the shared field-error builder.
 */
export function toFieldErrors(error: z.ZodError, config: RiskConfigInput, locate?: IssueLocator): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const located = locate?.(issue.path, config) ?? null;
    addFieldError(
      errors,
      located?.field ?? defaultField(issue.path),
      located?.prefix ? `${located.prefix}: ${issue.message}` : issue.message,
    );
  }
  return errors;
}

export async function commitConfigChange(
  tx: Queryable,
  segment: SegmentRef,
  change: ConfigChange,
  locate?: IssueLocator,
): Promise<ChangeOutcome> {
  const input = await loadConfigInput(tx, segment);
  if (!input) throw new Error(`data segment ${segment.segmentId} has no risk configuration`);
  const parsed = RiskConfigSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error, input, locate));
  const config = parsed.data;
  const version = versionRiskConfig(config);
  const wordListVersion = versionWordLists(config);
  const settings = await findSettings(tx, segment);
  if (settings && settings.version === version && settings.wordListVersion === wordListVersion) {
    const current = await findCurrentVersion(tx, segment);
    if (current) return { isChanged: false, version: current, config };
  }
  await insertSnapshot(tx, segment, version, wordListVersion, config);
  const info = await insertVersion(tx, segment, {
    version,
    wordListVersion,
    page: change.page,
    action: change.action,
    summary: change.summary,
    actor: change.actor,
  });
  await appendAudit(tx, {
    dataSegmentId: segment.segmentId,
    actor: change.actor,
    module: 'configuration',
    action: change.action,
    entityType: 'risk_configuration',
    entityId: `${segment.segmentId}#${info.seq}`,
    summary: change.summary,
    details: { page: change.page, version, wordListVersion, seq: info.seq, previousVersion: settings?.version ?? null },
    ip: change.meta?.ip ?? null,
    requestId: change.meta?.requestId ?? null,
  });
  return { isChanged: true, version: info, config };
}
