import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { emailChangeRoutes } from './email-change';
import { graduationRoutes } from './graduation';
import { accountRoutes } from './accounts';
import { bootstrapAdmins, adminRoutes } from './admin';
import { guardPlugin, authRoutes } from './auth';
import type { AppConfig } from './config';
import { listenForCacheEvents } from './lib/cache-events';
import type { AppContext } from './context';
import { ReadCaches } from './lib/read-caches';
import { openDatabase, type DatabaseHandle } from './db/client';
import { databaseProbe } from './db/health';
import { seedUniversitiesIfEmpty } from './db/seed/seed-universities';
import { favouriteRoutes } from './mentors';
import { clientKey, fastifyTrustProxy } from './http/client-key';
import { errorBody, errorHandler } from './http/errors';
import { registerEmbeddedBackupRoute } from './http/backup-route';
import { refuseUnknownHosts } from './http/host-check';
import { registerMetrics, systemRoutes } from './system';
import { isWrite } from './http/methods';
import { refuseCrossOriginWrites } from './http/origin-check';
import { startMaintenance } from './maintenance';
import { RepeatingJob } from './lib/repeating-job';
import { threadRoutes, visitRequestRoutes, waitingLimitRoutes } from './visits';
import { safetyRoutes } from './safety';
import { timedPasses } from './timed-work';
import {
  installDatabaseClock,
  SimulatedClock,
  SIMULATION_SEARCH_PATH,
  simulationRoutes,
} from './simulation';
import { VISIT_TIMERS_POLL_MS } from '../shared/constants';
import { serializeRequest } from './http/log-redaction';
import { readJsonBodiesWellFormed } from './http/well-formed-json';
import { calendarRoutes } from './calendar';
import { bookingRoutes } from './booking';
import { BellStreams, notificationRoutes, pushRoutes, pushSender } from './notifications';
import { registerDevMailRoutes } from './mail/dev-routes';
import { connectMail } from './mail/mail-context';
import { createLocalTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { mailSender } from './mail/sender';
import { OutboxWorker } from './outbox-engine/engine';
import { invitationRoutes, seminarRoutes } from './invitations';
import { mentorDetailRoutes } from './mentor-detail';
import { companyRoutes } from './companies';
import { recommendationRoutes } from './recommendations';
import { mentorRoutes } from './mentors';
import { registrationRoutes } from './auth';
import { deskRoutes } from './desk';
import { visitNoteRoutes } from './visit-notes';
import { introductionRoutes } from './introductions';
import { groupSessionRoutes } from './group-sessions';
import { iconRoutes } from './storage';
import { studentRoutes } from './students';
import { universityRoutes } from './universities';

export interface BuildOptions {
  /** A database the caller owns (tests); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailTransport?: MailTransport;
  /** Timers for the outbox and clean-up; tests drive the outbox by hand instead. */
  runBackgroundJobs?: boolean;
  logger?: boolean;
  /**
   * The secret `npm run backup` presents to GET /internal/backup (embedded database only);
   * main.ts makes one and writes it into DATA_DIR/server.json.
   */
  backupToken?: string;
  /** Called for every route as it is added (tests list the routes to cover them all). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance & { ctx: AppContext };

/**
 * How often each process looks for thread messages to mail about: a new one is mailed about
 * once it waited THREAD_READING_SECONDS unread, so a post does not wake it.
 */
const THREAD_MAIL_POLL_MS = 30_000;
/** How often each process looks for new reports to mail the admins about (besides after each). */
const REPORT_MAIL_POLL_MS = 60_000;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: { req: serializeRequest } },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A malformed or over-long path answers before routing: give it our { code, message } too.
    frameworkErrors: errorHandler,
    // A process being stopped serves what still arrives on a connection it has (nginx keeps
    // them open) and closes the connection after it; Fastify's 503 there reached the user in a
    // rolling restart. The database closes only after the last connection (onClose hooks).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // The simulated year's clock (decision 0046), before anything reads the time.
  const clock = config.simulatedClock ? SimulatedClock.install(config.simulatedClock) : undefined;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : { pgliteDir: path.join(config.dataDir, 'pgdata') },
      {
        waitMs: config.databaseWaitMs,
        statementCache: config.pgliteStatementCache,
        ...(clock ? { searchPath: SIMULATION_SEARCH_PATH } : {}),
      },
    ));
  await database.migrate(async (db) => {
    await seedUniversitiesIfEmpty(db);
    await bootstrapAdmins(db, config.adminEmails);
    // A restarted process resumes at the simulation's time, not at SIMULATED_CLOCK's.
    if (clock) clock.advanceTo(await installDatabaseClock(db, database.kind, clock.offsetMs));
  });

  const transport =
    options.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs)
      : createLocalTransport(app.log));
  // One engine drains the outbox on every channel, each with its sender (decision 0034).
  const outbox = new OutboxWorker(
    database.db,
    [
      mailSender(database.db, transport),
      pushSender(database.db, config.push, config.sessionIdleMinutes),
    ],
    app.log,
    config.mailPollMs,
  );
  // Mail knows the site's origin for its links, and the outbox wakes its engine after each
  // commit that queued something: no service carries the origin, no route wakes the engine.
  connectMail(database.db, config.appOrigin, () => outbox.kick());
  const caches = new ReadCaches({ listMs: config.readCacheMs, sessionMs: config.sessionCacheMs });
  const cacheEvents = await listenForCacheEvents(database, caches, app.log);
  const passes = timedPasses(database.db);
  const threadMail = new RepeatingJob(
    'thread mail',
    passes.threadMail,
    THREAD_MAIL_POLL_MS,
    app.log,
  );
  const visitTimers = new RepeatingJob(
    'visit timers',
    passes.visitTimers,
    VISIT_TIMERS_POLL_MS,
    app.log,
  );
  const nextSlots = new RepeatingJob('next slots', passes.nextSlots, VISIT_TIMERS_POLL_MS, app.log);
  const reportMail = new RepeatingJob(
    'report mail',
    passes.reportMail,
    REPORT_MAIL_POLL_MS,
    app.log,
  );
  const bell = new BellStreams(database.db, config.sessionIdleMinutes, app.log);
  await bell.start(database);
  // Before the server stops taking connections: open streams would hold its close forever.
  app.addHook('preClose', () => bell.close());
  const ctx: AppContext = {
    config,
    db: database.db,
    outbox,
    logger: app.log,
    caches,
    reportMail,
  };
  app.decorate('ctx', ctx);
  // Every write empties what it may have changed before its answer leaves (lib/read-caches.ts).
  app.addHook('onSend', async (request) => {
    if (isWrite(request)) caches.afterWrite(request.user);
  });
  // What the API and the local mailbox answer is someone's (a profile, a request, contacts,
  // sign-in links): no browser or proxy keeps a copy, unless a route chose otherwise (an icon,
  // the bell's revalidated count). Added here, before the routes, so that every route has it.
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (request.url.startsWith('/api/') || request.url.startsWith('/_dev/')) {
      void reply.header('cache-control', 'no-store');
    }
  });

  await app.register(cookie);
  // The security headers, built once: @fastify/helmet builds helmet's middleware anew for every
  // request, a twentieth of a light request's time (decision 0014).
  const securityHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Before anything that reads the session, counts a limit or routes on: a name that is not
  // ours gets nothing (DNS rebinding).
  app.addHook('onRequest', refuseUnknownHosts(config));
  await app.register(rateLimit, { global: false, keyGenerator: clientKey });
  await app.register(multipart);
  readJsonBodiesWellFormed(app);
  app.addHook('onRequest', refuseCrossOriginWrites(config));
  app.setErrorHandler(errorHandler);

  // First, so that its timing hook sees every route.
  await registerMetrics(app, ctx, database, () => !caches.paused);
  await app.register(guardPlugin, { db: database.db, config, sessions: caches.sessions });
  await app.register(systemRoutes, { ctx, checkDatabase: databaseProbe(database) });
  await app.register(authRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(emailChangeRoutes, { ctx });
  await app.register(graduationRoutes, { ctx });
  await app.register(universityRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(invitationRoutes, { ctx });
  await app.register(mentorRoutes, { ctx });
  await app.register(mentorDetailRoutes, { ctx });
  await app.register(companyRoutes, { ctx });
  await app.register(recommendationRoutes, { ctx });
  await app.register(favouriteRoutes, { ctx });
  await app.register(studentRoutes, { ctx });
  await app.register(visitRequestRoutes, { ctx });
  await app.register(waitingLimitRoutes, { ctx });
  await app.register(threadRoutes, { ctx });
  await app.register(calendarRoutes, { ctx });
  await app.register(bookingRoutes, { ctx });
  await app.register(visitNoteRoutes, { ctx });
  await app.register(introductionRoutes, { ctx });
  await app.register(groupSessionRoutes, { ctx });
  await app.register(notificationRoutes, { ctx, bell });
  await app.register(pushRoutes, { ctx });
  await app.register(iconRoutes, { ctx });
  await app.register(safetyRoutes, { ctx });
  await app.register(deskRoutes, { ctx });
  await app.register(seminarRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  if (transport.kind === 'local') registerDevMailRoutes(app, database.db);
  if (clock) {
    await app.register(simulationRoutes, { simulation: { clock, ctx, database, passes } });
  }
  if (options.backupToken) registerEmbeddedBackupRoute(app, database, options.backupToken);

  await registerWebApp(app, config.webRoot);

  let stopMaintenance = () => {};
  if (options.runBackgroundJobs !== false && clock) {
    // In a simulation the simulator runs the timed work on its ticks (POST /_dev/sim/tick):
    // only sending runs by itself.
    app.addHook('onReady', async () => outbox.start());
  } else if (options.runBackgroundJobs !== false) {
    app.addHook('onReady', async () => {
      outbox.start();
      threadMail.start();
      reportMail.start();
      visitTimers.start();
      nextSlots.start();
      stopMaintenance = startMaintenance(ctx, database);
    });
  }
  app.addHook('onClose', async () => {
    await cacheEvents.close();
    stopMaintenance();
    await threadMail.stop();
    await reportMail.stop();
    await visitTimers.stop();
    await nextSlots.stop();
    await outbox.stop();
    transport.close();
    if (!options.database) await database.close();
    clock?.uninstall();
  });

  return app as unknown as App;
}

function helmetOptions(config: AppConfig) {
  const https = config.appOrigin.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Sign-in links carry their token in the URL: never hand it on as a Referer.
    referrerPolicy: { policy: 'no-referrer' as const },
    crossOriginEmbedderPolicy: false,
  };
}

/** The built single-page app; every unknown GET that wants HTML gets index.html. */
async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const hasWebApp = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // Our sources stay ours: the production build writes no source maps, and one left in
      // the folder (an older or a development build) is still not served.
      globIgnore: ['**/*.map', '**/*.map.br', '**/*.map.gz'],
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: 60_000 }) },
    (request, reply) => {
      const wantsPage =
        hasWebApp &&
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/_dev/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send(errorBody('not-found'));
    },
  );
}
