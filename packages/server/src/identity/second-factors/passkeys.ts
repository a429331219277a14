import { isServiceAccount } from '@perch/contract';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { RequestInfo } from '../../http/route.js';
import { createLink, findLink, LinkType, takeLink } from '../one-time-links/index.js';
import { managedUser } from '../accounts/index.js';
import { secondFactorRequired } from './enforcement.js';
import {
  credentialIdHash,
  expectedOrigin,
  openCeremony,
  readAttestation,
  relyingPartyId,
  sealCeremony,
  userHandleOf,
} from './relying-party.js';
import {
  countPasskeys,
  deletePasskey,
  deletePasskeysOfUser,
  findPasskey,
  findPasskeysOfUser,
  insertPasskey,
  lockUser,
  renamePasskey,
  type PasskeyRow,
} from './repo.js';

/**
 * A user's passkeys: registering one (a WebAuthn creation ceremony on the organisation's primary
 * domain), listing, renaming and removing them, and an org admin removing all of a user's.
 */

type Host = Pick<RequestInfo, 'host' | 'authority' | 'protocol'>;

export const listPasskeys = (deps: AppDeps, auth: AuthContext): Promise<PasskeyRow[]> =>
  findPasskeysOfUser(deps.db, auth.userId);

/** Why the caller may not add a passkey now (the reference answers 403 for each), or null. */
async function registrationRefusal(deps: AppDeps, auth: AuthContext, host: Host): Promise<string | null> {
  const u = auth.user;
  if (u.password_hash === null || u.password_pending) return 'Passkeys need an account that signs in with a password';
  if (u.auth_provider_id !== null) return 'Accounts of a sign-in provider sign in there';
  if (isServiceAccount(u.role)) return 'Service accounts do not sign in interactively';
  if ((await countPasskeys(deps.db, u.id)) >= deps.config.MAX_PASSKEYS_PER_USER)
    return `An account has at most ${deps.config.MAX_PASSKEYS_PER_USER} passkeys`;
  const rpId = relyingPartyId(auth.organization.primaryDomain);
  if (expectedOrigin(deps.config, rpId, host) === null)
    return rpId === ''
      ? 'The organisation has no primary domain to bind passkeys to'
      : `Passkeys are added on the organisation's primary domain, ${rpId}`;
  return null;
}

/** `POST /user/passkey/registration/begin`: creation options for the browser, held 5 minutes. */
export async function beginPasskeyRegistration(
  deps: AppDeps,
  auth: AuthContext,
  host: Host,
): Promise<{ stateId: string; challenge: { publicKey: object } }> {
  const refusal = await registrationRefusal(deps, auth, host);
  if (refusal !== null) throw forbidden(refusal);
  const rpId = relyingPartyId(auth.organization.primaryDomain);
  const existing = await findPasskeysOfUser(deps.db, auth.userId);
  const u = auth.user;
  const options = await generateRegistrationOptions({
    rpName: deps.config.WEBAUTHN_RP_DISPLAY_NAME,
    rpID: rpId,
    userName: u.email,
    userID: userHandleOf(u.id),
    userDisplayName: `${u.firstname} ${u.lastname}`.trim() || u.email,
    attestationType: 'none',
    // The same authenticator twice would be no second key.
    excludeCredentials: existing.flatMap((p) => {
      const id = deps.secrets.decrypt(p.credential_id_encrypted);
      return id === null ? [] : [{ id, transports: p.transports }];
    }),
    // A discoverable credential with user verification: it signs in without email or password.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  const sealed = sealCeremony(deps.secrets, { challenge: options.challenge, rpId });
  const stateId = await createLink(deps.db, LinkType.PasskeyRegistration, u.id, sealed);
  return { stateId, challenge: { publicKey: options } };
}

/** `POST /user/passkey/registration/finish`: verifies the authenticator's answer and keeps the passkey. */
export async function finishPasskeyRegistration(
  deps: AppDeps,
  auth: AuthContext,
  input: { stateId: string; name: string; credential: unknown },
  host: Host,
): Promise<PasskeyRow> {
  const ceremony = await inTransaction(deps, async (tx) => {
    const link = await findLink(tx.db, LinkType.PasskeyRegistration, input.stateId, { forUpdate: true });
    if (!link) throw notFound('Unknown or expired passkey registration');
    // Someone else's registration stays theirs: refused, and left untouched.
    if (link.refId !== auth.userId) throw forbidden('This registration was started by another user');
    await takeLink(tx.db, link.id);
    return openCeremony(deps.secrets, link.payload);
  });
  if (ceremony === null) throw notFound('Unknown or expired passkey registration');
  const origin = expectedOrigin(deps.config, ceremony.rpId, host);
  if (origin === null) throw badRequest(`Passkeys are added on the organisation's primary domain, ${ceremony.rpId}`);
  const response = readAttestation(input.credential);
  if (response === null) throw badRequest('The credential is not a WebAuthn registration answer');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: origin,
      expectedRPID: ceremony.rpId,
      requireUserVerification: true,
    });
  } catch (e) {
    throw badRequest(`The credential does not verify: ${e instanceof Error ? e.message : 'unreadable'}`);
  }
  if (!verified.verified) throw badRequest('The credential does not verify');
  const info = verified.registrationInfo;
  return inTransaction(deps, async (tx) => {
    // Two registrations finishing at once must not pass the cap together.
    await lockUser(tx.db, auth.userId);
    if ((await countPasskeys(tx.db, auth.userId)) >= deps.config.MAX_PASSKEYS_PER_USER)
      throw forbidden(`An account has at most ${deps.config.MAX_PASSKEYS_PER_USER} passkeys`);
    const row = await insertPasskey(tx.db, {
      user_id: auth.userId,
      credential_id_encrypted: deps.secrets.encrypt(info.credential.id),
      credential_id_hash: credentialIdHash(info.credential.id),
      public_key_encrypted: deps.secrets.encrypt(isoBase64URL.fromBuffer(info.credential.publicKey)),
      attestation_type: info.fmt,
      aaguid_encrypted: deps.secrets.encrypt(info.aaguid),
      sign_count: info.credential.counter,
      backup_eligible: info.credentialDeviceType === 'multiDevice',
      backup_state: info.credentialBackedUp,
      transports: response.response.transports ?? [],
      name: input.name,
    });
    if (!row) throw badRequest('This passkey is registered already');
    return row;
  });
}

/**
 * The caller's passkey with this id: 404 when unknown or of another organisation, 403 when it
 * belongs to a colleague (the reference's answer), so no organisation learns of another's.
 */
async function ownPasskey(deps: AppDeps, auth: AuthContext, id: string): Promise<PasskeyRow> {
  const passkey = isUuid(id) ? await findPasskey(deps.db, id.toLowerCase()) : undefined;
  if (!passkey || passkey.organization_id !== auth.orgId) throw notFound('Unknown passkey');
  if (passkey.user_id !== auth.userId) throw forbidden('This passkey belongs to another user');
  return passkey;
}

/** `PUT /user/passkey/:id`. */
export async function renameOwnPasskey(deps: AppDeps, auth: AuthContext, id: string, name: string): Promise<void> {
  const passkey = await ownPasskey(deps, auth, id);
  await renamePasskey(deps.db, passkey.id, name);
}

/**
 * `DELETE /user/passkey/:id`. The last passkey stays while the organisation requires a second
 * factor of the user and TOTP is off: removing it would leave the account without one.
 */
export async function deleteOwnPasskey(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    // Locked, so two removals at once cannot take the last two passkeys together.
    const user = (await lockUser(tx.db, auth.userId)) ?? auth.user;
    const passkey = await ownPasskey(tx, auth, id);
    if (
      user.totp_secret === null &&
      (await countPasskeys(tx.db, user.id)) <= 1 &&
      (await secondFactorRequired(tx.db, user))
    )
      throw forbidden('Your organisation requires a second factor: this is your last one');
    await deletePasskey(tx.db, passkey.id);
  });
}

/** `DELETE /user/:id/passkeys`: an org admin removes every passkey of a user. */
export async function resetPasskeysOf(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  const user = await managedUser(deps, auth, rawId);
  await deletePasskeysOfUser(deps.db, user.id);
}
