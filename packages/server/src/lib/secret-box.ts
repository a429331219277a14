import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM encryption for secrets at rest (provider client secrets, CalDAV passwords,
 * signing keys). Output: `v1:<iv>:<tag>:<ciphertext>` in base64.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  /** Returns null when the value cannot be decrypted (wrong key or tampered). */
  decrypt(boxed: string): string | null {
    const parts = boxed.split(':');
    if (parts.length !== 4 || parts[0] !== 'v1') return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(parts[1]!, 'base64'));
      decipher.setAuthTag(Buffer.from(parts[2]!, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
