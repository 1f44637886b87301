import { randomBytes } from 'node:crypto';
import type { TListQuery } from '@sanad/contracts/http';
import type { LogAction } from '@sanad/contracts/log-modules';
import type { TBlacklistEntry, TBlacklistEntryInput } from '@sanad/contracts/screening';
import type { WatchlistEntity } from '@sanad/screening/model';
import { parseEntityDate } from '@sanad/screening/importers/date-parser';
import type { Database, Queryable } from '../../platform/db/database';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { Page } from '../../platform/http/envelope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import {
  activeBlacklistEntities,
  getBlacklistEntry,
  insertBlacklistEntry,
  listBlacklistEntries,
  updateBlacklistEntry,
  type BlacklistRow,
} from './blacklist.repository';
import { storeNewVersion } from './version-store';
import { ensureWatchList } from './watch-list.repository';

export const SANAD_LIST_KEY = 'sanad-list';

/** A readable id for an entry added by hand: 'SL-' and eight base-32 characters. */
function newEntityId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `SL-${[...randomBytes(8)].map((byte) => alphabet[byte % 32]).join('')}`;
}

export function entityFromInput(entityId: string, input: TBlacklistEntryInput): WatchlistEntity {
  const birthDate = input.dateOfBirth ? parseEntityDate(input.dateOfBirth) : undefined;
  return {
    id: entityId,
    list: SANAD_LIST_KEY,
    type: input.type,
    names: [{ full: input.name, type: 'primary' }, ...input.aliases.map((alias) => ({ full: alias, type: 'aka' as const }))],
    ...(input.gender ? { gender: input.gender } : {}),
    birthDates: birthDate ? [birthDate] : [],
    birthPlaces: [],
    countries: input.nationality ? [{ code: input.nationality, role: 'nationality' }] : [],
    identifiers: input.idNumber ? [{ type: 'national-id', value: input.idNumber }] : [],
    fatherNames: input.fatherName ? [input.fatherName] : [],
    addresses: [],
    associates: [],
    programmes: [],
    hitType: input.hitType,
    categories: [],
    ...(input.reason ? { remarks: input.reason } : {}),
  };
}

const pad = (value: number | undefined) => (value === undefined ? '' : String(value).padStart(2, '0'));

export function toBlacklistEntry(row: BlacklistRow): TBlacklistEntry {
  const entity = row.entity;
  const primary = entity.names.find((name) => name.type === 'primary') ?? entity.names[0];
  const birth = entity.birthDates[0];
  return {
    _id: row.id,
    entityId: row.entity_id,
    title: primary?.full ?? row.entity_id,
    status: row.status,
    type: entity.type,
    name: primary?.full ?? '',
    aliases: entity.names.filter((name) => name !== primary).map((name) => name.full),
    dateOfBirth: birth ? [String(birth.from.year), pad(birth.from.month), pad(birth.from.day)].filter(Boolean).join('-') : '',
    gender: entity.gender ?? '',
    nationality: entity.countries.find((country) => country.role === 'nationality')?.code ?? '',
    idNumber: entity.identifiers[0]?.value ?? '',
    fatherName: entity.fatherNames[0] ?? '',
    hitType: entity.hitType,
    reason: row.reason,
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Snapshots the segment's active black-list entries as the next version of its sanad-list, so the
 * screening index, version history and re-screening treat it like any other list.
 */
export async function snapshotBlacklist(
  tx: Queryable,
  dataSegmentId: string,
  meta: { source: 'edit' | 'upload' | 'delta'; fileName: string | null; importedBy: string | null },
) {
  const list = await ensureWatchList(tx, {
    key: SANAD_LIST_KEY,
    dataSegmentId,
    title: 'Sanad list (own black-list)',
    format: 'csv',
    publisher: 'This organisation',
  });
  return storeNewVersion(tx, list, { entities: await activeBlacklistEntities(tx, dataSegmentId), ...meta });
}

export function createBlacklistService({ db, onListsChanged }: { db: Database; onListsChanged: () => void }) {
  async function save(
    actor: Actor,
    meta: RequestMeta,
    dataSegmentId: string,
    change: (tx: Queryable) => Promise<BlacklistRow>,
    action: LogAction,
  ): Promise<TBlacklistEntry> {
    const row = await db.transaction(async (tx) => {
      const saved = await change(tx);
      await snapshotBlacklist(tx, dataSegmentId, { source: 'edit', fileName: null, importedBy: actor.userId });
      await appendAudit(tx, {
        dataSegmentId,
        actor: { id: actor.userId, name: actor.name },
        module: 'screening_data',
        action,
        entityType: 'blacklist_entry',
        entityId: saved.entity_id,
        summary: `${action.replace(/_/g, ' ')}: ${saved.entity.names[0]?.full ?? saved.entity_id}`,
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return saved;
    });
    onListsChanged();
    return toBlacklistEntry(row);
  }

  return {
    async list(actor: Actor, query: TListQuery, onlyHitType: string | null): Promise<Page<TBlacklistEntry>> {
      const page = await listBlacklistEntries(db, targetSegment(actor, query.dataSegmentId), query, onlyHitType);
      return { rows: page.rows.map(toBlacklistEntry), total: page.total };
    },

    create(
      actor: Actor,
      input: TBlacklistEntryInput & { dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<TBlacklistEntry> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const entityId = newEntityId();
      return save(
        actor,
        meta,
        dataSegmentId,
        (tx) =>
          insertBlacklistEntry(tx, {
            dataSegmentId,
            entity: entityFromInput(entityId, input),
            reason: input.reason,
            createdBy: actor.userId,
          }),
        'added_blacklist_entry',
      );
    },

    /** Edits an entry of one of the actor's segments; the whole item comes back, status included. */
    async update(
      actor: Actor,
      id: string,
      input: TBlacklistEntryInput & { dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<TBlacklistEntry> {
      const dataSegmentId = targetSegment(actor, input.dataSegmentId);
      const existing = await getBlacklistEntry(db, dataSegmentId, id);
      if (!existing) throw AppError.notFound();
      const status = input.status ?? existing.status;
      const action =
        status !== existing.status
          ? status === 'archived'
            ? 'archived_blacklist_entry'
            : 'activated_blacklist_entry'
          : 'updated_blacklist_entry';
      return save(
        actor,
        meta,
        dataSegmentId,
        async (tx) => {
          const updated = await updateBlacklistEntry(tx, {
            dataSegmentId,
            id,
            entity: entityFromInput(existing.entity_id, input),
            reason: input.reason,
            status,
          });
          if (!updated) throw AppError.notFound();
          return updated;
        },
        action,
      );
    },
  };
}

export type BlacklistService = ReturnType<typeof createBlacklistService>;
