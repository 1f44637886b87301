import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '@sanad/contracts/messages';
import { REQUEST_TIMEOUT_MS } from '@sanad/contracts/constants';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import type { Secrets } from './platform/crypto/secrets';
import type { TokenService } from './platform/auth/tokens';
import type { CaptchaService } from './platform/auth/captcha';
import type { FileVault } from './platform/storage/file-vault';
import type { JobQueue } from './platform/jobs/job-queue';
import type { Transports } from './platform/messaging/transports';
import { registerAuthentication } from './platform/auth/authenticate';
import { registerErrorHandling } from './platform/http/error-handler';
import { loggerOptions } from './platform/logging/logger';
import { serverRoot } from './platform/server-root';
import { healthRoutes } from './modules/health/health.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { createSessionService } from './modules/session/session.service';
import { activityRoutes } from './modules/activity/activity.routes';
import { createActivityService } from './modules/activity/activity.service';
import { brandingRoutes } from './modules/branding/branding.routes';
import { riskRoutes } from './modules/risk/risk.routes';
import type { ScreeningPort } from './modules/risk/screening-port';

/** Everything the HTTP layer is built from; main.ts assembles it, tests assemble their own. */
export interface AppContext {
  config: Config;
  db: Database;
  secrets: Secrets;
  tokens: TokenService;
  captcha: CaptchaService;
  vault: FileVault;
  /** Null where no job queue runs (most API tests); services then skip enqueueing follow-up work. */
  jobs: JobQueue | null;
  transports: Transports;
  /** Name screening for the risk simulation; absent until the screening module provides one. */
  screening?: ScreeningPort | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export async function buildApp(context: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config, db } = context;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Keep a caller's request id when it looks like one, so logs can be followed across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Mantine writes its theme variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, limit) => ({
      statusCode: 429,
      headers: { 'retry-after': String(Math.ceil(limit.ttl / 1000)) },
      message: MESSAGES.rateLimited,
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Sanad API', version: '0.1.0', description: 'Customer identity verification and AML compliance.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerAuthentication(app, db, context.tokens);

  const sessions = createSessionService({ db, tokens: context.tokens, captcha: context.captcha });
  const activity = createActivityService({ db });
  await app.register(
    async (api) => {
      await api.register(healthRoutes(db));
      await api.register(sessionRoutes(sessions, context.captcha));
      await api.register(activityRoutes(activity));
      await api.register(brandingRoutes(db));
      await api.register(riskRoutes(context));
    },
    { prefix: '/api' },
  );

  registerWebApp(app, config.webDist ?? path.join(serverRoot(), '..', 'web', 'dist'));
  return app;
}

/**
 * Serves the built web app: hashed assets cached for a year, every other path that is not under
 * /api answered with index.html (history-mode routing), unknown /api paths with the 404 envelope.
 */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  if (hasWebApp) {
    void app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(response, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ status: false, message: MESSAGES.routeNotFound, code: 'NOT_FOUND' });
  });
}
