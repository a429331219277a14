/**
 * The organizations feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { EMPTY_ORGANIZATION, presentOrganizationStub } from './presenter.js';
export {
  countOrganizations,
  findAllDomains,
  findAnyOrganization,
  findDomains,
  findOrganization,
  findOrganizationByActiveDomain,
  insertOrganization,
  primaryDomain,
  setDomainAccess,
} from './repo.js';
export { organizationRoutes } from './routes.js';
export { organizationFrameOrigins } from './frame-origins.js';
