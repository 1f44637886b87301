import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams, ZListQuery, listEnvelope, successEnvelope } from '@sanad/contracts/http';
import {
  ZBlacklistEntry,
  ZBlacklistEntryInput,
  ZListImport,
  ZListImportRequest,
  ZReferenceEntry,
  ZReferencePage,
} from '@sanad/contracts/screening';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok, okList } from '../../platform/http/envelope';
import { requestMeta } from '../../platform/http/request-meta';
import type { BlacklistService } from './blacklist.service';
import type { ListImportService } from './list-import.service';
import type { ScreeningDataService } from './screening-data.service';

const ZBlacklistBody = ZBlacklistEntryInput.extend({ dataSegmentId: z.uuid().optional() });

/** Screening data: list imports (full and delta), their progress, reference lists, and the segment's own list. */
export function screeningDataRoutes(
  imports: ListImportService,
  blacklist: BlacklistService,
  data: ScreeningDataService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/screening-data/import/',
      {
        config: { access: requireAny('screening-list', 'view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: 'Import an uploaded list file (any supported format); runs as a job',
          body: ZListImportRequest,
          response: { 200: successEnvelope(ZListImport) },
        },
      },
      async (request) =>
        ok(await imports.requestImport(requireActor(request), 'full', request.body, requestMeta(request)), 'List import started'),
    );
    app.post(
      '/screening-data/importDelta/',
      {
        config: { access: requireAny('upload-delta-list') },
        schema: {
          tags: ['screening'],
          summary: 'Apply an uploaded delta list (Sanad list format with an action column, or a Dow Jones daily file)',
          body: ZListImportRequest,
          response: { 200: successEnvelope(ZListImport) },
        },
      },
      async (request) =>
        ok(await imports.requestImport(requireActor(request), 'delta', request.body, requestMeta(request)), 'Delta list import started'),
    );
    app.get(
      '/screening-data/imports',
      {
        config: { access: requireAny('screening-list', 'upload-delta-list', 'view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: 'Recent list imports of the data segment',
          querystring: z.object({ dataSegmentId: z.string().optional() }),
          response: { 200: successEnvelope(z.array(ZListImport)) },
        },
      },
      async (request) => ok(await imports.recentImports(requireActor(request), request.query.dataSegmentId)),
    );
    app.get(
      '/screening-data/imports/:id',
      {
        config: { access: requireAny('screening-list', 'upload-delta-list', 'view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: 'Progress of one list import',
          params: ZIdParams,
          response: { 200: successEnvelope(ZListImport) },
        },
      },
      async (request) => ok(await imports.getImport(requireActor(request), request.params.id)),
    );
    app.get(
      '/screening-data/references/:page',
      {
        config: { access: requireAny('view-screening-data') },
        schema: {
          tags: ['screening'],
          summary: 'A vendor reference list (Dow Jones, World-Check)',
          params: z.object({ page: ZReferencePage }),
          querystring: ZListQuery,
          response: { 200: listEnvelope(ZReferenceEntry) },
        },
      },
      async (request) => okList(await data.listReferences(requireActor(request), request.params.page, request.query), request.query),
    );

    for (const page of ['sanad-list', 'black-list'] as const) {
      // black-list shows the entries listed as black-list hits; sanad-list shows all of the segment's own list.
      const onlyHitType = page === 'black-list' ? 'blackList' : null;
      app.get(
        `/screening-data/${page}`,
        {
          config: { access: requireAny('view-screening-data') },
          schema: {
            tags: ['screening'],
            summary: `The segment's own list (${page})`,
            querystring: ZListQuery,
            response: { 200: listEnvelope(ZBlacklistEntry) },
          },
        },
        async (request) => okList(await blacklist.list(requireActor(request), request.query, onlyHitType), request.query),
      );
      app.post(
        `/screening-data/${page}`,
        {
          config: { access: requireAny('view-screening-data') },
          schema: {
            tags: ['screening'],
            summary: `Add an entry to the segment's own list (${page})`,
            body: ZBlacklistBody,
            response: { 200: successEnvelope(ZBlacklistEntry) },
          },
        },
        async (request) =>
          ok(await blacklist.create(requireActor(request), request.body, requestMeta(request)), 'Entry added successfully'),
      );
      app.put(
        `/screening-data/${page}/:id`,
        {
          config: { access: requireAny('view-screening-data') },
          schema: {
            tags: ['screening'],
            summary: `Edit, archive or activate an entry (${page})`,
            params: ZIdParams,
            body: ZBlacklistBody,
            response: { 200: successEnvelope(ZBlacklistEntry) },
          },
        },
        async (request) =>
          ok(
            await blacklist.update(requireActor(request), request.params.id, request.body, requestMeta(request)),
            'Entry updated successfully',
          ),
      );
    }
  };
}
