/**
 * The second-factors feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { countPasskeys, usersWithPasskeys } from './repo.js';
export { secondFactorRoutes } from './routes.js';
export { checkSecondFactor, type SecondFactorInput, type SignInHooks } from './sign-in-step.js';
