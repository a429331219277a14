import { randomBytes, randomUUID, createHash } from 'node:crypto';
import { isOrgAdmin, isSpaceAdmin } from '@perch/contract';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI, jwtVerify, SignJWT } from 'jose';
import { ConfigError } from '../config.js';
import type { Db } from '../db/connection.js';
import type { SecretBox } from './secret-box.js';
import { getOrCreateSystemValue } from './system-values.js';

const ALG = 'EdDSA';
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessClaims {
  userId: string;
  email: string;
  sessionId: string;
  role: number;
}

export interface TokenService {
  /** Signs an access token; `issuedAt` (epoch seconds) defaults to now. */
  signAccess(claims: AccessClaims, issuedAt?: number): Promise<{ token: string; expiresAt: number }>;
  /** Returns the claims of a valid, unexpired token, or null. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

/**
 * Access tokens are short-lived JWTs signed with an Ed25519 key kept in the database
 * (encrypted), so a restart or another server process accepts existing tokens.
 */
export async function createTokenService(
  db: Db,
  secrets: SecretBox,
  installId: string,
  ttlSeconds: number,
): Promise<TokenService> {
  const boxedPrivate = await getOrCreateSystemValue(db, 'jwt_signing_key', async () => {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true, crv: 'Ed25519' });
    const pem = JSON.stringify({ priv: await exportPKCS8(privateKey), pub: await exportSPKI(publicKey) });
    return secrets.encrypt(pem);
  });
  const pemJson = secrets.decrypt(boxedPrivate);
  if (!pemJson)
    throw new ConfigError(
      'The stored secrets cannot be decrypted: CRYPT_KEY is not the key they were encrypted with. Start with that ' +
        'key, or, to change keys, set it as CRYPT_KEY_PREVIOUS beside the new CRYPT_KEY.',
    );
  const { priv, pub } = JSON.parse(pemJson) as { priv: string; pub: string };
  const privateKey = await importPKCS8(priv, ALG);
  const publicKey = await importSPKI(pub, ALG);
  // Tokens whose signature was already checked, so a busy client costs one verification per
  // token instead of one per request. Expiry is still checked on every use.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  return {
    async signAccess(c, issuedAt) {
      const now = issuedAt ?? Math.floor(Date.now() / 1000);
      const exp = now + ttlSeconds;
      const token = await new SignJWT({
        email: c.email,
        userID: c.userId,
        sid: c.sessionId,
        role: c.role,
        spaceAdmin: isSpaceAdmin(c.role),
        admin: isOrgAdmin(c.role),
      })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setIssuer(installId)
        .setAudience(installId)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(exp)
        .sign(privateKey);
      return { token, expiresAt: exp * 1000 };
    },
    async verifyAccess(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > Date.now()) return hit.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer: installId,
          audience: installId,
          requiredClaims: ['exp', 'iat', 'sid', 'userID'],
        });
        const { userID, sid, email, role } = payload as Record<string, unknown>;
        if (typeof userID !== 'string' || typeof sid !== 'string' || typeof payload.exp !== 'number') return null;
        const claims: AccessClaims = {
          userId: userID,
          sessionId: sid,
          email: typeof email === 'string' ? email : '',
          role: typeof role === 'number' ? role : 0,
        };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** A new opaque refresh token and the hash under which it is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
