/**
 * Accounts: the people of an organisation as stored, who may manage whom, and how an account is
 * shown. Every way in and every feature that names a person builds on it; managing accounts
 * (the user routes) sits above it in identity/users. Everything else in this folder is private to
 * it; the fence test (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export {
  USER_LISTER_ROLE,
  USER_MANAGER_ROLE,
  managedUser,
  mayCreateUserIn,
  mayDeleteUser,
  mayLookUpColleagues,
  mayManageUser,
  maySetPassword,
  outsideReach,
  passwordChangeRequired,
  roleAfterUpdate,
  roleForNewUser,
  seesAccountDetails,
} from './policy.js';
export { presentUser, presentUserPublic, presentUserStub } from './presenter.js';
export {
  countUsers,
  deleteUser,
  findGroupsOfUser,
  findOrganizationIdsByEmail,
  findUser,
  findUserByEmail,
  hasUserWithPassword,
  insertUser,
  searchUsers,
  updateUser,
  type UserSearch,
} from './repo.js';
export { passwordRefusal } from './account-sign-in.js';
