export * from './client.js';
export * from './errors.js';
export * from './credentials.js';
export * from './lock.js';
export * from './auth.js';
export type { CallData, CallInput, CallOutput, Created } from './call-types.js';
