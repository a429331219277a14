import { ALL_ENDPOINTS } from '@perch/contract';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-context.js';
import type { TrustProxy } from './config.js';
import type { AppDeps } from './context.js';
import { accountMergeRoutes } from './identity/account-merge/index.js';
import { apiTokenRoutes } from './identity/api-tokens/index.js';
import { authRoutes } from './identity/auth/index.js';
import { authAttemptRoutes } from './identity/auth-attempts/index.js';
import { authProviderRoutes } from './identity/auth-providers/index.js';
import { bookingRoutes } from './booking/bookings/index.js';
import { checkInRoutes } from './booking/check-in/index.js';
import { buddyRoutes } from './booking/buddies/index.js';
import { recurringRoutes } from './booking/recurring/index.js';
import { groupRoutes } from './organization/groups/index.js';
import { healthRoutes } from './system/health/index.js';
import { locationRoutes } from './organization/locations/index.js';
import { mailRoutes } from './messaging/mail/index.js';
import { organizationFrameOrigins, organizationRoutes } from './organization/organizations/index.js';
import { preferenceRoutes } from './identity/preferences/index.js';
import { caldavRoutes } from './messaging/caldav/index.js';
import { calendarRoutes } from './messaging/calendar/index.js';
import { wikiSignInRoutes } from './identity/wiki-sign-in/index.js';
import { createServiceAccountAuthenticator } from './identity/service-accounts/index.js';
import { searchRoutes } from './organization/search/index.js';
import { secondFactorRoutes } from './identity/second-factors/index.js';
import { settingRoutes } from './organization/settings/index.js';
import { installStatsInvalidation, statsRoutes } from './organization/stats/index.js';
import { spaceAttributeRoutes } from './organization/space-attributes/index.js';
import { spaceRoutes } from './organization/spaces/index.js';
import { unavailableRoutes } from './system/unavailable/index.js';
import { userRoutes } from './identity/users/index.js';
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

  await installSecurityHeaders(app, organizationFrameOrigins);
  await installOpenApi(app);
  installAuthentication(app, createServiceAccountAuthenticator(deps, app.log));
  installStatsInvalidation(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(authProviderRoutes);
  await app.register(userRoutes);
  await app.register(accountMergeRoutes);
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
  await app.register(checkInRoutes);
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
