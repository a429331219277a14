import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM encryption for secrets at rest (provider client secrets, CalDAV passwords,
 * signing keys). Output: `v1:<iv>:<tag>:<ciphertext>` in base64.
 *
 * While the key is being changed (CRYPT_KEY_PREVIOUS), values made with a previous key still
 * decrypt, and `rebox` turns them into values of the current key (lib/secret-rotation.ts).
 */
export class SecretBox {
  private readonly previous: Buffer[];

  constructor(
    private readonly key: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    for (const k of [key, ...previous]) if (k.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.previous = previous.filter((k) => !k.equals(key));
  }

  /** Whether previous keys are known, so stored values may need re-encrypting. */
  get rotating(): boolean {
    return this.previous.length > 0;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  /** Returns null when the value cannot be decrypted (wrong key or tampered). */
  decrypt(boxed: string): string | null {
    return open(this.key, boxed) ?? this.openWithPrevious(boxed);
  }

  /**
   * The same secret encrypted with the current key, when `boxed` was made with a previous one;
   * null when it already uses the current key or no known key opens it.
   */
  rebox(boxed: string): string | null {
    if (!this.rotating || open(this.key, boxed) !== null) return null;
    const plain = this.openWithPrevious(boxed);
    return plain === null ? null : this.encrypt(plain);
  }

  private openWithPrevious(boxed: string): string | null {
    for (const k of this.previous) {
      const plain = open(k, boxed);
      if (plain !== null) return plain;
    }
    return null;
  }
}

function open(key: Buffer, boxed: string): string | null {
  const parts = boxed.split(':');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[1]!, 'base64'));
    decipher.setAuthTag(Buffer.from(parts[2]!, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
