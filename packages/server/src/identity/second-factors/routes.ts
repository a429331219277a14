import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentCredentials } from '../sessions/index.js';
import { beginPasskeyLogin, finishPasskeyLogin } from './passkey-login.js';
import {
  beginPasskeyRegistration,
  deleteOwnPasskey,
  finishPasskeyRegistration,
  listPasskeys,
  renameOwnPasskey,
  resetPasskeysOf,
} from './passkeys.js';
import { presentPasskey, presentRegisteredPasskey } from './presenter.js';
import { makeRecoveryCodes, remainingRecoveryCodes } from './recovery-codes.js';
import { confirmTotpEnrolment, disableTotp, readEnrolmentSecret, resetTotpOf, startTotpEnrolment } from './totp.js';

/** Passkeys and TOTP: managing them (signed-in users, org admins) and the passkey sign-in (public). */
export async function secondFactorRoutes(app: App): Promise<void> {
  const { deps } = app;

  const k = api.passkey;
  route(app, k.list, async ({ auth }) => (await listPasskeys(deps, auth)).map(presentPasskey));
  route(app, k.registrationBegin, ({ auth, request }) => beginPasskeyRegistration(deps, auth, request));
  route(app, k.registrationFinish, async ({ auth, body, request }) =>
    presentRegisteredPasskey(await finishPasskeyRegistration(deps, auth, body, request)),
  );
  route(app, k.rename, ({ auth, params, body }) => renameOwnPasskey(deps, auth, params.id, body.name));
  route(app, k.delete, ({ auth, params }) => deleteOwnPasskey(deps, auth, params.id));
  route(app, k.resetForUser, ({ auth, params }) => resetPasskeysOf(deps, auth, params.id));
  route(app, k.loginBegin, ({ body }) => beginPasskeyLogin(deps, body.organizationId));
  route(app, k.loginFinish, async ({ body, request }) =>
    presentCredentials(await finishPasskeyLogin(deps, body, request)),
  );

  const t = api.totp;
  route(app, t.generate, ({ auth }) => startTotpEnrolment(deps, auth));
  route(app, t.secret, async ({ auth, params }) => ({ secret: await readEnrolmentSecret(deps, auth, params.id) }));
  route(app, t.validate, ({ auth, body }) => confirmTotpEnrolment(deps, auth, body));
  route(app, t.disable, ({ auth }) => disableTotp(deps, auth));
  route(app, t.resetForUser, ({ auth, params }) => resetTotpOf(deps, auth, params.id));
  route(app, t.recoveryCodeCount, async ({ auth }) => ({ remaining: await remainingRecoveryCodes(deps, auth) }));
  route(app, t.newRecoveryCodes, async ({ auth }) => ({ codes: await makeRecoveryCodes(deps, auth) }));
}
