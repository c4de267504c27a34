// Builds the Fastify app without listening: server.ts listens, tests call app.inject.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageFromAcceptHeader } from '@questkeeper/core/i18n';
import type { Config } from './config';
import type { Database } from './db/client';
import { createAuthService, type AuthService } from './features/auth/service';
import {
  createImportBudget,
  IMPORT_BYTES_IN_FLIGHT_MAX,
  type ImportBudget,
} from './features/user-data/import-budget';
import {
  createMemoryThrottleStore,
  createPostgresThrottleStore,
  createRedisThrottleStore,
  createSignInThrottle,
} from './features/auth/throttle';
import { systemClock, type Clock } from './lib/clock';
import { logPath } from './lib/log-path';
import { serializeError } from './lib/log-errors';
import authRoutes from './features/auth/routes';
import { createCampaignsService, type CampaignsService } from './features/campaigns/service';
import campaignRoutes from './features/campaigns/routes';
import { createUnitsService, type UnitsService } from './features/units/service';
import unitRoutes from './features/units/routes';
import { createCombatService, type CombatDice, type CombatService } from './features/combat/service';
import { createEncountersService, type EncountersService } from './features/encounters/service';
import encounterRoutes from './features/encounters/routes';
import { createLinksService, type LinksService } from './features/links/service';
import linkRoutes from './features/links/routes';
import {
  STREAM_LIMIT,
  createStreamSlots,
  memorySlotStore,
  postgresSlotStore,
  redisSlotStore,
  type StreamSlots,
} from './features/combat/events/stream-slots';
import { openEventStreamsGauge } from './features/combat/events/sse';
import combatRoutes from './features/combat/routes';
import { createPlayerViewService, type PlayerViewService } from './features/player-view/service';
import playerViewRoutes from './features/player-view/routes';
import { createPlayerRequestsService, type PlayerRequestsService } from './features/player-requests/service';
import playerRequestRoutes from './features/player-requests/routes';
import guideRoutes from './features/guide/routes';
import { createGuideService, type GuideService } from './features/guide/service';
import { createRevealsService, type RevealsService } from './features/reveals/service';
import revealRoutes from './features/reveals/routes';
import { createImagesService, type ImagesService } from './features/images/service';
import imageRoutes from './features/images/routes';
import { createLinkSeal } from './features/player-view/link-seal';
import { createContactService, type ContactService } from './features/contact/service';
import contactRoutes from './features/contact/routes';
import { createMailer, type DeliveryOptions, type Mailer } from './features/mail/mailer';
import { createPaymentsService, type PaymentsService } from './features/payments/service';
import { createPaymentProvider } from './features/payments/create-provider';
import type { StripeConnection } from './features/payments/stripe/config';
import paymentRoutes from './features/payments/routes';
import { createUserDataService, type UserDataService } from './features/user-data/service';
import { createAccountDataService, type AccountDataService } from './features/user-data/account-service';
import userDataRoutes from './features/user-data/routes';
import healthRoutes from './features/health/routes';
import { createLifecycle } from './features/health/lifecycle';
import { mailOutboxGauge } from './features/mail/outbox-gauge';
import { createSharedState, type SharedState } from './infra/shared-state';
import siteRoutes from './features/site/routes';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import errorsPlugin, { sendError } from './plugins/errors';
import jsonBodyPlugin from './plugins/json-body';
import metricsPlugin from './plugins/metrics';
import rateLimitPlugin, {
  createMemoryStore,
  createRedisStore,
  type RateLimitStore,
} from './plugins/rate-limit';
import { createPostgresStore } from './plugins/rate-limit-postgres';
import { clientErrorHandler } from './plugins/client-errors';
import securityPlugin from './plugins/security';
import { createResponseSerializerCompiler } from './plugins/serializer';
import webPlugin from './plugins/web';
import './plugins/request-context';

/**
 * Large enough for the Hero rules limit (600,000 characters) in any script, even when a client
 * escapes every character as \uXXXX (6 bytes each); anything bigger answers 413.
 */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * How long a request may take to arrive whole, headers and body (decision 049): a client that stalls
 * mid-body gets 408 and its connection closes. Long enough for the largest body on a slow line.
 * Node counts it only until the request is read, so an event stream (a GET) is never cut by it.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface Services {
  auth: AuthService;
  campaigns: CampaignsService;
  units: UnitsService;
  combat: CombatService;
  encounters: EncountersService;
  links: LinksService;
  playerView: PlayerViewService;
  playerRequests: PlayerRequestsService;
  guide: GuideService;
  reveals: RevealsService;
  images: ImagesService;
  contact: ContactService;
  payments: PaymentsService;
  userData: UserDataService;
  accountData: AccountDataService;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
    streamSlots: StreamSlots;
    /** The bytes of file bodies this process holds at once (decision 078). */
    importBudget: ImportBudget;
    /** The backend every process shares: pub/sub, Redis, store choice (server/src/infra/). */
    shared: SharedState;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Overrides the store chosen from config (tests inject their own). */
  rateLimitStore?: RateLimitStore;
  /** Sends the Stripe SDK's calls elsewhere than api.stripe.com (tests use a local fake). */
  stripeConnection?: StripeConnection;
  /** Overrides mail retry delays and polling (tests make them short). */
  mailDelivery?: Partial<DeliveryOptions>;
  /** The time for the rules that depend on it (sign-in back-off, reset tokens); tests move it. */
  clock?: Clock;
  /** Overrides REQUEST_TIMEOUT_MS (tests make it short). */
  requestTimeoutMs?: number;
  /** The combat's random sources (initiative, dice, recharges); tests seed them. Default: crypto. */
  dice?: CombatDice;
}

export type App = FastifyInstance;

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Every `err` logged loses its SQL parameters (lib/log-errors.ts, decision 049).
    logger: options.logger ?? { level: config.logLevel, serializers: { err: serializeError } },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    http: {
      // Node ignores requestTimeout while headersTimeout (60 s by default) is longer.
      headersTimeout: requestTimeoutMs,
      // How often Node looks for timed-out requests (30 s by default, which would double the wait).
      connectionsCheckingInterval: Math.min(5_000, requestTimeoutMs),
    },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // One log line per request, written when it ends (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => crypto.randomUUID(),
    // A request that reached us while shutting down is served, not refused with 503 (docs/decisions/025):
    // the server stops accepting connections, and server.ts closes each kept-alive one after its answer.
    return503OnClosing: false,
    // 431/408/400 from Node's parser close the kept-alive connection cleanly.
    clientErrorHandler,
    // A URL the router cannot decode, or an id too long to route, addresses nothing: answer our
    // JSON 404 rather than Fastify's own shape (these run before any hook or error handler).
    frameworkErrors: (_error, request, reply) => {
      request.language = languageFromAcceptHeader(request.headers['accept-language']);
      void sendError(reply, request, 'NOT_FOUND');
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        // No query string, no capability segment (player links, demo sessions): lib/log-path.ts.
        path: logPath(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.env === 'test' }));

  const { db } = database;
  const mailer = createMailer({
    db,
    log: app.log,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    ...(options.mailDelivery ? { delivery: options.mailDelivery } : {}),
  });
  // The delivery worker runs while the app does: it starts on ready (taking rows earlier runs left
  // pending) and stops on close, before server.ts closes the database.
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
  const provider = createPaymentProvider({
    config,
    db,
    log: app.log,
    stripeConnection: options.stripeConnection,
  });
  const campaigns = createCampaignsService({ db });
  app.addHook('onClose', async () => campaigns.close());
  // Campaigns deleted just before a stop lost their purge timer: their undo window has ended.
  app.addHook('onReady', async () => {
    await campaigns.purgeExpired().catch((error: unknown) => {
      app.log.warn({ err: error }, 'campaign trash: purge at start failed');
    });
  });
  // What every process shares, on one backend chosen here from the config (decision 055): live sync
  // of fights (decision 022) and session evictions (decision 025) on its pub/sub, the counters of
  // rate limits, the sign-in back-off and stream leases in its store. Closed after the event streams
  // (routes end them on preClose) and the services.
  const shared = createSharedState({ database, redisUrl: config.redisUrl, log: app.log });
  const events = shared.pubsub;
  // onClose hooks run last-added first: this one, added before every user of it, runs after them.
  app.addHook('onClose', async () => shared.close());
  // At most 20 open event streams per user and per IP, counted across processes (decision 049).
  // RATE_LIMIT_SCALE scales it like every limit (0: none, for benchmarks that open a thousand).
  const streamSlots = createStreamSlots({
    store: shared.choose({
      memory: () => memorySlotStore(),
      postgres: (sharedDb) => postgresSlotStore(sharedDb),
      redis: (redis) => redisSlotStore(redis),
    }),
    limit:
      config.rateLimitScale === 0 ? Number.MAX_SAFE_INTEGER : Math.ceil(STREAM_LIMIT * config.rateLimitScale),
  });
  app.addHook('onClose', async () => streamSlots.close());
  const clock = options.clock ?? systemClock;
  // Sign-in back-off counters live where the rate limits do (decisions 025 and 035).
  const signInThrottle = createSignInThrottle({
    store: shared.choose({
      memory: () => createMemoryThrottleStore(clock),
      postgres: (sharedDb) => createPostgresThrottleStore(sharedDb),
      redis: (redis) => createRedisThrottleStore(redis),
    }),
    clock,
    scale: config.rateLimitScale,
  });
  app.addHook('onClose', async () => signInThrottle.close());
  const auth = createAuthService({
    db,
    mailer,
    clock,
    signInThrottle,
    publicUrl: config.publicUrl,
    sessionCacheTtlMs: config.sessionCacheTtlMs,
    // Evictions reach every process at once (decision 025), on the `sessions` topic.
    invalidations: events,
    log: app.log,
  });
  app.addHook('onClose', async () => auth.close());
  const userData = createUserDataService({ db, log: app.log });
  app.addHook('onClose', async () => userData.close());
  const playerView = createPlayerViewService({
    db,
    events,
    publicUrl: config.publicUrl,
    log: app.log,
    // Share links are kept sealed so their owner sees them again (decision 050).
    seal: createLinkSeal(config.shareLinkKey, app.log),
    slots: streamSlots,
  });
  const combat = createCombatService({
    db,
    events,
    log: app.log,
    playerView,
    ...(options.dice ? { dice: options.dice } : {}),
  });
  const services: Services = {
    guide: createGuideService({ db, log: app.log }),
    auth,
    campaigns,
    // A unit edited on its form reaches open player views of a shared fight at once (docs/decisions/028).
    units: createUnitsService({
      db,
      onUnitChanged: (campaignId, unitId) => playerView.unitChanged(campaignId, unitId),
    }),
    combat,
    encounters: createEncountersService({ db }),
    // Search and backlinks keep a per-process index of the campaign's folded texts (decision 063).
    links: createLinksService({ db }),
    playerView,
    // Players' requests from their phones, approved as combat actions (docs/product.md#players-take-part).
    playerRequests: createPlayerRequestsService({ db, events, log: app.log, combat, playerView }),
    // Reveals reach players through the link and wake their streams (docs/decisions/064).
    reveals: createRevealsService({ db, playerView }),
    // Portraits and handout images: a portrait change reaches open player views (docs/decisions/064).
    images: createImagesService({
      db,
      onUnitChanged: (campaignId, unitId) => playerView.unitChanged(campaignId, unitId),
    }),
    contact: createContactService({ db, mailer, supportEmail: config.mail.supportEmail }),
    payments: createPaymentsService({
      db,
      provider,
      publicUrl: config.publicUrl,
      onTierChanged: (userId) => auth.forgetUser(userId),
    }),
    userData,
    accountData: createAccountDataService({
      db,
      userData,
      provider,
      mailer,
      onAccountDeleted: (userId) => auth.forgetUser(userId),
    }),
    mailer,
  };
  app.decorate('config', config);
  app.decorate<Database>('database', database);
  app.decorate('services', services);
  app.decorate('streamSlots', streamSlots);
  app.decorate('importBudget', createImportBudget(IMPORT_BYTES_IN_FLIGHT_MAX));
  app.decorate('shared', shared);
  shared.gauges.add(openEventStreamsGauge);
  shared.gauges.add(mailOutboxGauge(db));
  app.decorate('lifecycle', createLifecycle());

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin, { authenticate: (token) => services.auth.authenticate(token) });
  await app.register(rateLimitPlugin, {
    // Shared by every process whenever several can run (decision 025): memory only on PGlite.
    store:
      options.rateLimitStore ??
      shared.choose({
        memory: () => createMemoryStore(),
        postgres: (sharedDb) => createPostgresStore(sharedDb),
        redis: (redis) => createRedisStore(redis),
      }),
    scale: config.rateLimitScale,
  });
  await app.register(docsPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, gauges: shared.gauges });

  await app.register(healthRoutes);
  await app.register(siteRoutes, { config });
  await app.register(authRoutes);
  await app.register(campaignRoutes);
  await app.register(unitRoutes);
  await app.register(combatRoutes);
  await app.register(encounterRoutes);
  await app.register(linkRoutes);
  await app.register(playerViewRoutes);
  await app.register(playerRequestRoutes);
  await app.register(guideRoutes);
  await app.register(revealRoutes);
  await app.register(imageRoutes);
  await app.register(contactRoutes);
  await app.register(paymentRoutes);
  await app.register(userDataRoutes);
  await app.register(webPlugin, { distDir: config.webDist });

  app.log.info(
    { database: database.driver, mail: mailer.demo ? 'demo' : 'smtp', payments: provider.name },
    'questkeeper ready',
  );
  return app;
}
