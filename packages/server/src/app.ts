import { ALL_ENDPOINTS } from '@perch/contract';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-context.js';
import type { TrustProxy } from './config.js';
import type { AppDeps } from './context.js';
import { apiTokenRoutes } from './features/api-tokens/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { authAttemptRoutes } from './features/auth-attempts/routes.js';
import { authProviderRoutes } from './features/auth-providers/routes.js';
import { bookingRoutes } from './features/bookings/routes.js';
import { buddyRoutes } from './features/buddies/routes.js';
import { recurringRoutes } from './features/recurring/routes.js';
import { groupRoutes } from './features/groups/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { locationRoutes } from './features/locations/routes.js';
import { mailRoutes } from './features/mail/routes.js';
import { organizationRoutes } from './features/organizations/routes.js';
import { preferenceRoutes } from './features/preferences/routes.js';
import { caldavRoutes } from './features/caldav/routes.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { wikiSignInRoutes } from './features/wiki-sign-in/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { secondFactorRoutes } from './features/second-factors/routes.js';
import { settingRoutes } from './features/settings/routes.js';
import { installStatsInvalidation } from './features/stats/cache.js';
import { statsRoutes } from './features/stats/routes.js';
import { spaceAttributeRoutes } from './features/space-attributes/routes.js';
import { spaceRoutes } from './features/spaces/routes.js';
import { unavailableRoutes } from './features/unavailable/routes.js';
import { userRoutes } from './features/users/routes.js';
import { installAuthentication } from './http/authenticate.js';
import { compareWithContract, recordRoutes } from './http/contract-routes.js';
import { installErrorHandler } from './http/error-handler.js';
import { installMetrics } from './http/metrics.js';
import { installOpenApi } from './http/openapi.js';
import { installRequestLog, requestId, safeLoggerOptions } from './http/request-log.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { webAppRoutes } from './http/web-app.js';
import { SQL_TRACE_HEADER, withSqlTrace } from './db/sql-trace.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDistDir?: string;
}

/**
 * Which hops of `X-Forwarded-For` are proxies. Addresses go to Fastify as they are; a hop
 * count becomes a function of the hop's position (0 is the connection's own peer), since
 * Fastify refuses to trust a bare number.
 */
function proxyTrust(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

/** Builds the HTTP application. No I/O happens here beyond what `deps` already opened. */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: safeLoggerOptions(opts.logger ?? false),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(deps.config.TRUST_PROXY),
    // Path parameters up to 2 KB: a team wiki's sign-in token travels in the path.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 2048 },
    // Requests are logged once, when answered, by http/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  installRequestLog(app);
  if (deps.config.SQL_TRACE_FILE)
    app.addHook('onRequest', (req, _reply, done) => {
      const label = req.headers[SQL_TRACE_HEADER];
      if (typeof label === 'string') withSqlTrace(label, done);
      else done();
    });
  app.decorate('deps', deps);
  const registered = recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installMetrics(app);

  // Accept an empty JSON body (clients send the header on every request) and parse the rest
  // with Fastify's prototype-poisoning-safe parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    jsonParser(req, body as string, done);
  });

  await installSecurityHeaders(app);
  await installOpenApi(app);
  installAuthentication(app);
  installStatsInvalidation(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(authProviderRoutes);
  await app.register(userRoutes);
  await app.register(apiTokenRoutes);
  await app.register(secondFactorRoutes);
  await app.register(organizationRoutes);
  await app.register(settingRoutes);
  await app.register(preferenceRoutes);
  await app.register(caldavRoutes);
  await app.register(calendarRoutes);
  await app.register(wikiSignInRoutes);
  await app.register(groupRoutes);
  await app.register(spaceAttributeRoutes);
  await app.register(locationRoutes);
  await app.register(spaceRoutes);
  await app.register(bookingRoutes);
  await app.register(recurringRoutes);
  await app.register(buddyRoutes);
  await app.register(statsRoutes);
  await app.register(searchRoutes);
  await app.register(authAttemptRoutes);
  await app.register(mailRoutes);
  // Routes of features not built yet or not planned, answering as the reference does when off.
  await app.register(unavailableRoutes);
  await app.register((a) =>
    webAppRoutes(a as App, opts.webDistDir ?? deps.config.WEB_DIST_DIR, deps.config.SERVE_SOURCE_MAPS),
  );

  // Every endpoint of the contract has a handler, and no API route lives outside the contract.
  const { missing, unexpected } = compareWithContract(registered, ALL_ENDPOINTS);
  if (missing.length || unexpected.length)
    throw new Error(
      `Routes and contract differ. Without a handler: ${missing.join(', ') || 'none'}. ` +
        `Not in the contract: ${unexpected.join(', ') || 'none'}.`,
    );
  app.decorate('registeredRoutes', registered);
  return app;
}
