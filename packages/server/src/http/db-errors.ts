/** True when a database error is a unique-constraint violation (a concurrent duplicate). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
