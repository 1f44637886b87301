import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import type { Secrets } from './platform/crypto/secrets';
import type { TokenService } from './platform/auth/tokens';
import type { CaptchaService } from './platform/auth/captcha';
import type { FileVault } from './platform/storage/file-vault';
import type { JobQueue } from './platform/jobs/job-queue';
import type { Transports } from './platform/messaging/transports';
import { createLogger } from './platform/logging/logger';
import { createOutboundFetch } from './platform/http/outbound-fetch';
import { registerOutboxJobs } from './platform/messaging/outbox.job';
import { registerAuditCheckpointJob } from './platform/audit/audit-checkpoint.job';
import type { CheckpointStore } from './platform/audit/checkpoint-store';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerSessionRoutes } from './modules/session/session.routes';
import { createSessionService } from './modules/session/session.service';
import { registerActivityRoutes } from './modules/activity/activity.routes';
import { createActivityService } from './modules/activity/activity.service';
import { createCustomerStatisticsService } from './modules/insights/customer-statistics.service';
import { registerInsightRoutes } from './modules/insights/insights.routes';
import { createVerificationTrackerService } from './modules/insights/verification-tracker.service';
import { registerCompanyRoutes } from './modules/companies/company.routes';
import { createCompanyService } from './modules/companies/company.service';
import { createCustomerDocumentService } from './modules/customers/customer-documents.service';
import { createParentCompanyRerate } from './modules/companies/parent-rerate';
import { createImportedRegisterProvider } from './modules/company-registry/imported-register.adapter';
import { registerRegisterImportJobs } from './modules/company-registry/register-import.job';
import { registerRegisterImportRoutes } from './modules/company-registry/register-import.routes';
import { createRegisterUploadService } from './modules/company-registry/register-upload.service';
import { registerCustomerProfileRoutes } from './modules/customers/customer-profile.routes';
import { createCustomerTimelineService } from './modules/customers/customer-timeline.service';
import { registerBulkUploadRoutes } from './modules/bulk-onboarding/bulk-upload.routes';
import { createBulkUploadService } from './modules/bulk-onboarding/bulk-upload.service';
import { registerBulkUploadJobs } from './modules/bulk-onboarding/bulk-upload.job';
import { createAlertSettingsService } from './modules/alerts/alert-settings.service';
import { createAlertSlaService, registerAlertJobs } from './modules/alerts/alert-sla.service';
import { registerAlertRoutes } from './modules/alerts/alert.routes';
import { createAlertService } from './modules/alerts/alert.service';
import { registerCustomerRoutes } from './modules/customers/customer.routes';
import { registerCustomerExportRoutes } from './modules/customers/customer-exports.routes';
import { createCustomerExportService } from './modules/customers/customer-exports.service';
import { createCustomerService } from './modules/customers/customer.service';
import { registerCustomerVerificationRoutes } from './modules/customers/customer-verification.routes';
import { createCustomerVerificationService } from './modules/customers/customer-verification.service';
import { createHitReviewService } from './modules/customers/hit-review.service';
import { createDocumentExpiryService } from './modules/customers/document-expiry.service';
import { registerMonitoringJobs } from './modules/customers/monitoring.job';
import { createOngoingScreeningService } from './modules/customers/ongoing-screening.service';
import { createPeriodicReviewService } from './modules/customers/periodic-review.service';
import { createOnboardingConfigurationService } from './modules/customers/onboarding-configuration.service';
import { registerFormBuilderRoutes } from './modules/form-builder/form-builder.routes';
import { createFormBuilderService } from './modules/form-builder/form-builder.service';
import { registerBrandingRoutes } from './modules/branding/branding.routes';
import { createBrandingService } from './modules/branding/branding.service';
import { createLabelingService } from './modules/branding/labeling.service';
import { registerUnsavedLogoJobs } from './modules/branding/unsaved-logos.job';
import { registerFileRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { createFolderFileService } from './modules/files/folder-files.service';
import { createDocumentReadingService } from './modules/idv/document-reading.service';
import { createIdvEngines, type IdvEngines } from './modules/idv/idv-engines';
import { createIdvSettingsService } from './modules/idv/idv-settings.service';
import { createFaceVerificationService } from './modules/idv/face-verification.service';
import { registerIdvRoutes } from './modules/idv/idv.routes';
import { registerOnboardingLinkRoutes } from './modules/onboarding-links/onboarding-link.routes';
import { createOnboardingLinkService } from './modules/onboarding-links/onboarding-link.service';
import { createDeepRegisterService } from './modules/onboarding-links/deep-register.service';
import { createDynamicRegisterService } from './modules/dynamic-register/dynamic-register.service';
import { registerDynamicRegisterRoutes } from './modules/dynamic-register/dynamic-register.routes';
import { registerTempCustomerRoutes } from './modules/onboarding-links/temp-customer.routes';
import { createDocumentUploadService } from './modules/onboarding-links/document-upload.service';
import { registerDocumentUploadRoutes } from './modules/onboarding-links/document-upload.routes';
import { createTempCustomerService } from './modules/onboarding-links/temp-customer.service';
import { createPublicFormService } from './modules/onboarding-links/public-form.service';
import { createBlacklistService } from './modules/screening/blacklist.service';
import { createListDeltaService } from './modules/screening/list-delta.service';
import { createListImportService } from './modules/screening/list-import.service';
import { registerListImportJobs } from './modules/screening/list-import.job';
import { createScreeningDataService } from './modules/screening/screening-data.service';
import { createScreeningEngine } from './modules/screening/screening-engine.service';
import { createScreeningPort } from './modules/screening/screening-port.adapter';
import { createScreeningService } from './modules/screening/screening.service';
import { registerScreeningRoutes } from './modules/screening/screening.routes';
import type { ScreeningWordsSource } from './modules/screening/screening-words.port';
import { getCurrentModel } from './modules/risk/configuration/risk-model-cache';
import { systemSegment } from './modules/risk/segment-ref';
import { createCrashPoint } from './platform/testing/crash-point';
import { registerIdentityProviderRoutes } from './modules/identity-providers/identity-provider.routes';
import { createIdentityProviderService } from './modules/identity-providers/identity-provider.service';
import { createOidcClients } from './modules/identity-providers/oidc-client';
import { registerOtpRoutes } from './modules/otp/otp.routes';
import { createOtpService } from './modules/otp/otp.service';
import { contactCodeChannel } from '@sanad/contracts/otp';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { registerNotificationRoutes } from './modules/notifications/notification.routes';
import { createNotificationService } from './modules/notifications/notification.service';
import { registerSignUpRoutes } from './modules/signup/signup.routes';
import { createSignUpService } from './modules/signup/signup.service';
import { registerSupportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { registerUserGuideRoutes } from './modules/user-guide/user-guide.routes';
import { createUserGuideService } from './modules/user-guide/user-guide.service';
import { registerPasswordRoutes } from './modules/passwords/password.routes';
import { createPasswordService } from './modules/passwords/password.service';
import { registerDataSegmentRoutes } from './modules/data-segments/data-segment.routes';
import { createDataSegmentService } from './modules/data-segments/data-segment.service';
import { registerRoleRoutes } from './modules/roles/role.routes';
import { createRoleService } from './modules/roles/role.service';
import { registerMailboxRoutes } from './modules/mailbox/mailbox.routes';
import { createMailboxService } from './modules/mailbox/mailbox.service';
import { registerUserRoutes } from './modules/users/user.routes';
import { createUserService } from './modules/users/user.service';
import { registerRiskRoutes } from './modules/risk/risk.routes';
import { createCustomerRatingService } from './modules/risk/rating/customer-rating.service';
import { createReferenceListService } from './modules/risk/configuration/reference-list.service';
import { createRerateService } from './modules/risk/rerate/rerate.service';
import { createRiskSettingsService } from './modules/risk/configuration/risk-settings.service';
import { createRiskSimulationService } from './modules/risk/simulation/risk-simulation.service';
import { createRiskTableService } from './modules/risk/table-pages/risk-table.service';
import { createCustomFactorService } from './modules/risk/table-pages/custom-factor.service';
import { registerRiskJobs } from './modules/risk/rerate/rerate.job';
import { registerSystemLogRoutes } from './modules/system-logs/system-log.routes';
import { createSystemLogService } from './modules/system-logs/system-log.service';
import { registerSystemLogJobs } from './modules/system-logs/log-export.job';
import type { ScreeningPort } from './modules/risk/simulation/screening.port';
import { createAddressGuard } from './modules/developers/address-guard';
import { registerApplicationAccessRoutes } from './modules/developers/application-access.routes';
import { createApplicationAccessService } from './modules/developers/application-access.service';
import { registerWebhookJobs } from './modules/developers/webhook-delivery.job';
import { createWebhookEventPort } from './modules/developers/webhook-events.port';
import { registerWebhookRoutes } from './modules/developers/webhook.routes';
import { registerPublicApiRoutes } from './modules/public-api/public-api.routes';
import { registerApiLogCapture } from './modules/api-logs/api-log-capture';
import { registerApiLogJobs } from './modules/api-logs/api-log-export.job';
import { createApiLogWriter } from './modules/api-logs/api-log.port';
import { registerApiLogRoutes } from './modules/api-logs/api-log.routes';
import { createApiLogService } from './modules/api-logs/api-log.service';
import { createWebhookService } from './modules/developers/webhook.service';
import { WEBHOOK_LIMITS } from '@sanad/contracts/developers';

/** Everything the modules are built from; main.ts assembles it, tests assemble their own. */
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
  /** Where signed checkpoints of the audit chain go; none in tests that do not need them. */
  checkpoints?: CheckpointStore;
  /** Identity verification engines (loaded on first use); closed when the modules stop. */
  idv?: IdvEngines;
  /** Name screening for the risk simulation; by default the app's own screening engine. */
  screening?: ScreeningPort | null;
}

/** What the process runs: every module's routes and job workers, built once from the same services. */
export interface Modules {
  registerRoutes(api: FastifyInstance): Promise<void>;
  registerJobs(queue: JobQueue): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The composition root: each service is created once here, with only the dependencies it uses, and
 * handed to the routes and job workers that need it. Modules reach each other only through the
 * services passed here, never through each other's repositories.
 */
export function composeModules(context: AppContext): Modules {
  const { config, db, jobs, captcha, vault, secrets } = context;
  const hmacKey = secrets.hmacKey;

  // Signing out of a provider's session asks the provider module for its end-session page; the
  // provider module starts sessions through this service, so one of them is reached lazily.
  const sessions = createSessionService({
    db,
    tokens: context.tokens,
    captcha,
    providerLogoutUrl: (sessionId) => identityProviders.providerLogoutUrl(sessionId),
  });
  const identityProviders = createIdentityProviderService({
    db,
    sessions,
    config,
    secrets,
    clients: createOidcClients(
      config.identityProviders,
      createOutboundFetch({ allowLoopback: config.allowLoopbackIdentityProvider, timeoutMs: 10_000, maxResponseBytes: 1024 * 1024 }),
    ),
  });
  const activity = createActivityService({ db });
  const customerStatistics = createCustomerStatisticsService({ db });
  const verificationTracker = createVerificationTrackerService({ db });
  const idvEngines = context.idv ?? createIdvEngines();
  const documentReading = createDocumentReadingService({ db, vault, engines: idvEngines });
  const idvSettings = createIdvSettingsService({ db });
  const faceVerification = createFaceVerificationService({ db, vault, engines: idvEngines });

  // Screening names with a segment's stop-words and variant words, read from its risk configuration
  // without seeding it.
  const screeningWords: ScreeningWordsSource = {
    async wordsFor(dataSegmentId) {
      const model = await getCurrentModel(db, systemSegment(dataSegmentId), { isReadOnly: true });
      return { version: model.wordListVersion, stopWords: model.stopWords, variantWords: model.variantWords };
    },
  };
  // One in-memory index per process, kept current by the list-change notifications of every process.
  const screeningEngine = createScreeningEngine({ db, words: screeningWords });
  // Called after a list change commits (its transaction also notified the other processes): this
  // process drops its index at once, so its next answer sees the change.
  const onListsChanged = () => screeningEngine.invalidate();
  // A stored list version asks for the re-screening of the customers in its own transaction; the
  // monitoring service is created further down, with the rating it needs.
  const listImports = createListImportService({
    db,
    vault,
    jobs,
    onListsChanged,
    onVersionStored: (tx, versionId) => rescreens.requestRescreen(tx, versionId),
    crashPoint: createCrashPoint(config.testCrashAfter),
  });
  const blacklist = createBlacklistService({
    db,
    onListsChanged,
    onVersionStored: (tx, versionId) => rescreens.requestRescreen(tx, versionId),
  });
  const screeningData = createScreeningDataService({ db });
  const screening = createScreeningService({ db, engine: screeningEngine });
  const screeningPort = context.screening === undefined ? createScreeningPort(screeningEngine) : context.screening;

  const otp = createOtpService({
    db,
    hmacKey,
    captcha,
    jobs,
    // Read when a journey asks for a code, by then the configuration service below exists.
    contactChannel: async (dataSegmentId) => contactCodeChannel(await onboardingConfiguration.settingsOf(dataSegmentId)),
  });
  const profiles = createProfileService({ db, otp, sessions, jobs });
  const signUps = createSignUpService({ db, captcha, jobs, hmacKey, publicUrl: config.publicUrl, isOpen: config.isPublicSignUpOpen });
  const support = createSupportService({ db, captcha, jobs, supportEmail: config.supportEmail });
  const links = { db, hmacKey, publicUrl: config.publicUrl, jobs };
  const roles = createRoleService({ db });
  const users = createUserService({ ...links, roles });
  const dataSegments = createDataSegmentService({ db, users });
  const notifications = createNotificationService({ db, segments: dataSegments });
  const files = createFilesService({ vault, segments: dataSegments });
  const folderFiles = createFolderFileService({ vault });
  const userGuide = createUserGuideService({ db, vault, segments: dataSegments });
  const branding = createBrandingService({ db, vault });
  const labeling = createLabelingService({ db, vault });
  const passwords = createPasswordService({ db, sessions, hmacKey, publicUrl: config.publicUrl, jobs });
  const systemLogs = createSystemLogService({ db, jobs });
  const apiLogs = createApiLogService({ db, jobs });
  const apiLogWriter = createApiLogWriter(db, (error, lost) =>
    createLogger(config.logLevel).error({ err: error, lost }, 'API-log entries could not be written'),
  );
  const mailbox = createMailboxService({ db, isOn: config.isMailboxOn });
  const risk = {
    tables: createRiskTableService({ db }),
    customFactors: createCustomFactorService({ db }),
    settings: createRiskSettingsService({ db }),
    rerate: createRerateService({ db, jobs }),
    referenceLists: createReferenceListService({ db }),
    simulation: createRiskSimulationService({ db, screening: screeningPort }),
    ratings: createCustomerRatingService({ db }),
  };
  const applicationAccess = createApplicationAccessService({ db, hmacKey });
  // Webhooks reach only public addresses; a test receiver on loopback only when the test allow-list names it.
  const webhookGuard = createAddressGuard(config.webhookAllowedAddresses);
  const webhookDelivery = {
    db,
    guard: webhookGuard,
    masterKey: secrets.masterKey,
    fetch: createOutboundFetch({
      allowLoopback: webhookGuard.allowsLoopback,
      timeoutMs: WEBHOOK_LIMITS.timeoutSeconds * 1000,
      maxResponseBytes: 64 * 1024,
    }),
  };
  const webhooks = createWebhookService({ db, jobs, guard: webhookGuard, masterKey: secrets.masterKey });
  const webhookEvents = createWebhookEventPort(jobs);
  const onboardingConfiguration = createOnboardingConfigurationService({ db });
  const formBuilder = createFormBuilderService({ db, vault });
  const onboardingLinks = createOnboardingLinkService({
    db,
    hmacKey,
    publicUrl: config.publicUrl,
    defaultLifetimeDays: async (dataSegmentId) => (await onboardingConfiguration.settingsOf(dataSegmentId)).linkLifetimeDays,
  });
  // A company is rated on its parents' own hits: rating a customer re-rates the companies it is a parent of.
  const parentCompanies = createParentCompanyRerate({ ratings: risk.ratings });
  const customers = createCustomerService({
    db,
    screening,
    ratings: parentCompanies.ratingsFollowingParents,
    onboardingSettings: (dataSegmentId) => onboardingConfiguration.settingsOf(dataSegmentId),
    webhookEvents,
    liveness: faceVerification,
  });
  const customerProfile = {
    hits: createHitReviewService({ db, screening, ratings: parentCompanies.ratingsFollowingParents }),
    timeline: createCustomerTimelineService({ db }),
  };
  const customerVerification = createCustomerVerificationService({ db, vault });
  const bulkUploads = createBulkUploadService({
    db,
    vault,
    jobs,
    customers,
    crashPoint: createCrashPoint(config.testCrashAfter),
    chunkRows: config.bulkChunkRows,
  });
  const tempCustomers = createTempCustomerService({
    db,
    hmacKey,
    publicUrl: config.publicUrl,
    jobs,
    onboardingSettings: (dataSegmentId) => onboardingConfiguration.settingsOf(dataSegmentId),
  });
  const deepRegister = createDeepRegisterService({
    db,
    publicUrl: config.publicUrl,
    jobs,
    contactCodes: otp,
    vault,
    customers,
    liveness: faceVerification,
    onboardingSettings: (dataSegmentId) => onboardingConfiguration.settingsOf(dataSegmentId),
    onCompleted: (tx, customerId, meta) =>
      parentCompanies.rerateCompaniesOf(tx, customerId, 'the individual KYC was completed', {
        actor: null,
        meta: { ip: meta.ip, requestId: meta.requestId },
      }),
  });
  const documentUploads = createDocumentUploadService({
    db,
    hmacKey,
    publicUrl: config.publicUrl,
    jobs,
    vault,
    customers,
    onboardingSettings: (dataSegmentId) => onboardingConfiguration.settingsOf(dataSegmentId),
  });
  const publicForm = createPublicFormService({
    db,
    hmacKey,
    captcha,
    onboardingSettings: (dataSegmentId) => onboardingConfiguration.settingsOf(dataSegmentId),
  });
  const dynamicRegister = createDynamicRegisterService({
    db,
    contactCodes: otp,
    hmacKey,
    captcha,
    vault,
    customers,
    liveness: faceVerification,
    onboardingSettings: (dataSegmentId) => onboardingConfiguration.settingsOf(dataSegmentId),
  });
  const rescreens = createOngoingScreeningService({
    db,
    jobs,
    deltas: createListDeltaService({ db, words: screeningWords }),
    ratings: parentCompanies.ratingsFollowingParents,
  });
  const periodicReviews = createPeriodicReviewService({
    db,
    reviewYears: async (tx, dataSegmentId, level) => {
      const model = await getCurrentModel(tx, systemSegment(dataSegmentId), { isReadOnly: true });
      return level === 'low' || level === 'medium' || level === 'high' ? model.reviewIntervalYears[level] : null;
    },
  });
  const alerts = createAlertService({ db, customers, reviews: periodicReviews });
  const alertSettings = createAlertSettingsService({ db });
  const alertSla = createAlertSlaService({ db, publicUrl: config.publicUrl });
  const documentExpiries = createDocumentExpiryService({
    db,
    settingsOf: async (tx, dataSegmentId) => {
      const { nearExpiryDays } = await idvSettings.settingsOf(tx, dataSegmentId);
      const { isExpiryAlertOn, isExpiryEmailOn } = await alertSettings.settingsOf(tx, dataSegmentId);
      return { nearExpiryDays, isExpiryAlertOn, isExpiryEmailOn };
    },
    issueUploadLink: (tx, link) => onboardingLinks.issueDocumentUploadLink(tx, link),
  });
  const customerExports = createCustomerExportService({ db, ratings: risk.ratings });
  const customerDocuments = createCustomerDocumentService({ db });
  const companies = createCompanyService({
    db,
    screening,
    ratings: risk.ratings,
    temps: tempCustomers,
    timeline: customerProfile.timeline,
    followParents: parentCompanies.rerateCompaniesOf,
    registry: createImportedRegisterProvider({ db }),
  });
  const registerUploads = createRegisterUploadService({ db, vault, jobs });

  return {
    async registerRoutes(api) {
      // Before any route, so that every public API route gets the hooks that log its calls.
      registerApiLogCapture(api, apiLogWriter);
      registerHealthRoutes(api, { db });
      registerSessionRoutes(api, sessions, captcha);
      registerActivityRoutes(api, { activity });
      registerInsightRoutes(api, { statistics: customerStatistics, tracker: verificationTracker });
      registerBrandingRoutes(api, { branding, labeling });
      await registerFileRoutes(api, { files, folderFiles });
      registerIdvRoutes(api, { reading: documentReading, faces: faceVerification, settings: idvSettings });
      registerOnboardingLinkRoutes(api, { links: onboardingLinks });
      registerScreeningRoutes(api, { imports: listImports, blacklist, data: screeningData, screening });
      registerIdentityProviderRoutes(api, identityProviders, { publicUrl: config.publicUrl });
      registerOtpRoutes(api, otp);
      registerProfileRoutes(api, profiles);
      registerNotificationRoutes(api, notifications);
      registerSignUpRoutes(api, signUps);
      registerSupportRoutes(api, support);
      await registerUserGuideRoutes(api, userGuide);
      registerUserRoutes(api, users);
      registerRoleRoutes(api, roles);
      registerMailboxRoutes(api, mailbox);
      registerDataSegmentRoutes(api, dataSegments);
      registerPasswordRoutes(api, passwords);
      registerSystemLogRoutes(api, { logs: systemLogs });
      registerApiLogRoutes(api, { logs: apiLogs });
      registerRiskRoutes(api, risk);
      registerCustomerRoutes(api, customers, onboardingConfiguration);
      registerCustomerProfileRoutes(api, customerProfile);
      registerCustomerVerificationRoutes(api, customerVerification);
      registerApplicationAccessRoutes(api, applicationAccess);
      registerWebhookRoutes(api, webhooks);
      registerPublicApiRoutes(api, { db, customers, companies, customerDocuments, files, alerts, screening, tempCustomers });
      registerBulkUploadRoutes(api, bulkUploads);
      registerTempCustomerRoutes(api, { temps: tempCustomers, deepRegister, publicForm });
      registerDynamicRegisterRoutes(api, { dynamicRegister });
      registerDocumentUploadRoutes(api, { documentUploads });
      registerAlertRoutes(api, alerts, alertSettings);
      registerCustomerExportRoutes(api, customerExports);
      registerFormBuilderRoutes(api, formBuilder);
      registerCompanyRoutes(api, companies);
      await registerRegisterImportRoutes(api, registerUploads);
    },

    async registerJobs(queue) {
      await registerOutboxJobs(queue, db, context.transports);
      if (context.checkpoints) await registerAuditCheckpointJob(queue, db, context.checkpoints);
      await registerListImportJobs(queue, listImports);
      await registerRiskJobs(queue, db, { crashPoint: createCrashPoint(config.testCrashAfter) });
      await registerSystemLogJobs(queue, { db, vault, logger: createLogger(config.logLevel) });
      await registerApiLogJobs(queue, { db, vault, logger: createLogger(config.logLevel), retentionDays: config.apiLogRetentionDays });
      await registerWebhookJobs(queue, webhookDelivery);
      await registerBulkUploadJobs(queue, bulkUploads);
      await registerRegisterImportJobs(queue, registerUploads);
      await registerUnsavedLogoJobs(queue, vault);
      await registerMonitoringJobs(queue, { rescreens, reviews: periodicReviews, expiries: documentExpiries });
      await registerAlertJobs(queue, { sla: alertSla });
    },

    async start() {
      await screeningEngine.start();
    },

    async stop() {
      await apiLogWriter.drain();
      await screeningEngine.close();
      await idvEngines.close();
    },
  };
}
