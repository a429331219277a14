/**
 * The contract without zod: roles, error codes, limits and enumerations, input rules, the
 * settings and preferences catalogues and the route table. The web app takes its values from
 * here so it does not load the schemas; types come from the main entry (`import type`).
 */
export * from './roles.js';
export * from './error-codes.js';
export * from './limits.js';
export * from './floor-plan-image.js';
export * from './validation.js';
export * from './settings-catalogue.js';
export * from './preferences-catalogue.js';
export * from './routes.js';
export * from './auth-attempt-codes.js';
export * from './auth-providers.js';
export * from './redirect-path.js';
