import { createHmac, randomBytes } from 'node:crypto';

/**
 * HTTP Basic credentials already checked against a stored password hash, so that a script calling
 * the API pays for the check once rather than on every request. An entry pairs the Authorization
 * header (as an HMAC under a key of this process: neither the password nor a plain hash of it is
 * kept) with the stored hash the check passed against, and counts only while the account still
 * has that hash: a password change on any server process writes another hash, so the very next
 * request misses and is checked afresh. The least recently used entries go first.
 */
export class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity: number) {}

  /** The entry key of an Authorization header's value. */
  keyOf(header: string): string {
    return createHmac('sha256', this.key).update(header).digest('base64');
  }

  /** Whether these credentials passed a check against `storedHash`, the account's current hash. */
  matches(key: string, storedHash: string): boolean {
    const verified = this.entries.get(key);
    if (verified === undefined) return false;
    this.entries.delete(key);
    if (verified !== storedHash) return false;
    // Most recently used goes last, so the oldest is first to leave.
    this.entries.set(key, verified);
    return true;
  }

  remember(key: string, storedHash: string): void {
    this.entries.delete(key);
    this.entries.set(key, storedHash);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
