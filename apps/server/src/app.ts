import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '@sanad/contracts/messages';
import { REQUEST_TIMEOUT_MS } from '@sanad/contracts/constants';
import { API_ENDPOINTS, API_INFO } from '@sanad/contracts/api-catalogue';
import { buildOpenApiDocument } from '@sanad/contracts/openapi';
import { composeModules, type AppContext, type Modules } from './composition';
import { registerAuthentication } from './platform/auth/authenticate';
import { registerErrorHandling } from './platform/http/error-handler';
import { registerInputGuard } from './platform/http/input-guard';
import { loggerOptions } from './platform/logging/logger';
import { registerRequestSummary } from './platform/logging/request-summary';
import { serverRoot } from './platform/server-root';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export interface BuildOptions {
  /** false: no logging at all (most tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  modules?: Modules;
}

export async function buildApp(context: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config, db } = context;
  const app = Fastify({
    logger:
      options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Keep a caller's request id when it looks like one, so logs can be followed across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false } },
    // One line per request at debug level (request-summary.ts) instead of two at info.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  registerRequestSummary(app);

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

  // The document is generated from the endpoint contracts, the same ones the routes are registered from.
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument(API_ENDPOINTS, API_INFO) as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerInputGuard(app);
  registerAuthentication(app, db, context.tokens, context.secrets.hmacKey, { apiRateLimitPerMinute: config.apiRateLimitPerMinute });

  const modules = options.modules ?? composeModules(context);
  app.addHook('onReady', () => modules.start());
  app.addHook('onClose', () => modules.stop());
  await app.register((api) => modules.registerRoutes(api), { prefix: '/api' });

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
