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
import { filesRoutes } from './modules/files/files.routes';
import { createDocumentReadingService } from './modules/idv/document-reading.service';
import { createIdvEngines, type IdvEngines } from './modules/idv/idv-engines';
import { createIdvSettingsService } from './modules/idv/idv-settings.service';
import { createFaceVerificationService } from './modules/idv/face-verification.service';
import { idvRoutes } from './modules/idv/idv.routes';
import { onboardingLinkRoutes } from './modules/onboarding-links/onboarding-link.routes';
import { createOnboardingLinkService } from './modules/onboarding-links/onboarding-link.service';
import { createBlacklistService } from './modules/screening/blacklist.service';
import { createListImportService } from './modules/screening/list-import.service';
import { notifyListsChanged } from './modules/screening/list-changes';
import { createScreeningDataService } from './modules/screening/screening-data.service';
import { screeningDataRoutes } from './modules/screening/screening-data.routes';
import { screeningListRoutes } from './modules/screening/screening-lists.routes';
import { createScreeningEngine } from './modules/screening/screening-engine.service';
import { createScreeningPort } from './modules/screening/screening-port.adapter';
import { createScreeningService } from './modules/screening/screening.service';
import { screeningRoutes } from './modules/screening/screening.routes';
import { createFilesService } from './modules/files/files.service';
import { identityProviderRoutes } from './modules/identity-providers/identity-provider.routes';
import { createIdentityProviderService } from './modules/identity-providers/identity-provider.service';
import { createOidcClients } from './modules/identity-providers/oidc-client';
import { createOutboundFetch } from './platform/http/outbound-fetch';
import { otpRoutes } from './modules/otp/otp.routes';
import { createOtpService } from './modules/otp/otp.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { createNotificationService } from './modules/notifications/notification.service';
import { signUpRoutes } from './modules/signup/signup.routes';
import { createSignUpService } from './modules/signup/signup.service';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { userGuideRoutes } from './modules/user-guide/user-guide.routes';
import { createUserGuideService } from './modules/user-guide/user-guide.service';
import { folderFileRoutes } from './modules/files/folder-files.routes';
import { createFolderFileService } from './modules/files/folder-files.service';
import { administrationRoutes } from './modules/administration.routes';
import { riskRoutes } from './modules/risk/risk.routes';
import { systemLogRoutes } from './modules/system-logs/system-log.routes';
import { createSystemLogService } from './modules/system-logs/system-log.service';
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
  /** Identity verification engines (loaded on first use); the app closes them when it stops. */
  idv?: IdvEngines;
  /** Name screening for the risk simulation; by default the app's own screening engine. */
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
  registerAuthentication(app, db, context.tokens, context.secrets.hmacKey);

  const identityProviders = createIdentityProviderService({
    db,
    tokens: context.tokens,
    config,
    secrets: context.secrets,
    clients: createOidcClients(
      config.identityProviders,
      createOutboundFetch({ allowLoopback: config.allowLoopbackIdentityProvider, timeoutMs: 10_000, maxResponseBytes: 1024 * 1024 }),
    ),
  });
  const sessions = createSessionService({
    db,
    tokens: context.tokens,
    captcha: context.captcha,
    providerLogoutUrl: identityProviders.providerLogoutUrl,
  });
  const activity = createActivityService({ db });
  const files = createFilesService({ db, vault: context.vault });
  const idvEngines = context.idv ?? createIdvEngines();
  app.addHook('onClose', () => idvEngines.close());
  const documentReading = createDocumentReadingService({ db, vault: context.vault, engines: idvEngines });
  const idvSettings = createIdvSettingsService({ db });
  const faceVerification = createFaceVerificationService({ db, vault: context.vault, engines: idvEngines });
  const onboardingLinks = createOnboardingLinkService({ db, hmacKey: context.secrets.hmacKey, publicUrl: config.publicUrl });
  // One in-memory index per process, kept current by the list-change notifications of every process.
  const screeningEngine = createScreeningEngine({ db });
  // Called after the change commits. This process drops its index at once, so its next answer sees the
  // change; the notification, delivered asynchronously, tells the other processes.
  const onListsChanged = () => {
    screeningEngine.invalidate();
    notifyListsChanged(db);
  };
  const listImports = createListImportService({ db, vault: context.vault, jobs: context.jobs, onListsChanged });
  const blacklist = createBlacklistService({ db, onListsChanged });
  const screeningData = createScreeningDataService({ db, onListsChanged });
  app.addHook('onReady', () => screeningEngine.start());
  app.addHook('onClose', () => screeningEngine.close());
  const screening = createScreeningService({ db, engine: screeningEngine });
  const otp = createOtpService({ db, hmacKey: context.secrets.hmacKey, captcha: context.captcha, jobs: context.jobs });
  const profiles = createProfileService({ db, otp, jobs: context.jobs });
  const { captcha, jobs, vault } = context;
  const notifications = createNotificationService({ db });
  const signUps = createSignUpService({ db, captcha, jobs, hmacKey: context.secrets.hmacKey, publicUrl: config.publicUrl });
  const support = createSupportService({ db, captcha, jobs, supportEmail: config.supportEmail });
  const userGuide = createUserGuideService({ db, vault });
  const folderFiles = createFolderFileService({ vault });
  await app.register(
    async (api) => {
      await api.register(healthRoutes(db));
      await api.register(sessionRoutes(sessions, context.captcha));
      await api.register(activityRoutes(activity));
      await api.register(brandingRoutes(db));
      await api.register(filesRoutes(files));
      await api.register(idvRoutes(documentReading, faceVerification, idvSettings));
      await api.register(onboardingLinkRoutes(onboardingLinks));
      await api.register(screeningDataRoutes(listImports, blacklist, screeningData));
      await api.register(screeningListRoutes(screeningData));
      await api.register(screeningRoutes(screening));
      await api.register(identityProviderRoutes(identityProviders, config));
      await api.register(otpRoutes(otp));
      await api.register(profileRoutes(profiles));
      await api.register(notificationRoutes(notifications));
      await api.register(signUpRoutes(signUps));
      await api.register(supportRoutes(support));
      await api.register(userGuideRoutes(userGuide));
      await api.register(folderFileRoutes(folderFiles));
      await api.register(administrationRoutes(context));
      await api.register(systemLogRoutes(createSystemLogService({ db, jobs })));
      await api.register(
        riskRoutes({ ...context, screening: context.screening === undefined ? createScreeningPort(screeningEngine) : context.screening }),
      );
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
