import { ApiError } from '@perch/client';

/** The item in the address does not exist (or is not an id at all). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
