import type { AuthErrorCode, ProviderFailureReason } from '@perch/contract';

/** Who the provider says signed in: the mapped fields and every claim or attribute as text. */
export interface ProviderIdentity {
  email: string;
  firstname: string;
  lastname: string;
  attributes: Record<string, string>;
}

/**
 * A provider sign-in that cannot go on: why (the failed page's `reason`), the sign-in log's
 * code, and what the provider said (`error`, `error_description`), if anything.
 */
export class ProviderSignInError extends Error {
  constructor(
    readonly reason: ProviderFailureReason,
    readonly code: AuthErrorCode,
    message: string,
    readonly providerError = '',
    readonly providerErrorDescription = '',
  ) {
    super(message);
  }
}

/** Most attributes kept for the test page, and the longest value. */
const MAX_ATTRIBUTES = 100;
const MAX_VALUE = 500;

/** Claims or attributes as text: strings as they are, anything else as JSON. */
export function attributesAsText(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(source).slice(0, MAX_ATTRIBUTES)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    out[name] = text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
  }
  return out;
}

/** The first text of a claim or attribute (a list gives its first element), trimmed. */
function textOf(value: unknown): string {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first.trim() : typeof first === 'number' ? String(first) : '';
}

/**
 * Maps what a provider sent to a person with the provider's field names. The email must be a
 * non-empty text; names are optional.
 */
export function mapIdentity(
  source: Record<string, unknown>,
  fields: { email: string; firstname: string; lastname: string },
): ProviderIdentity {
  const email = textOf(source[fields.email]).toLowerCase();
  if (email === '' || email.length > 254 || !email.includes('@'))
    throw new ProviderSignInError(
      'userinfo',
      'idp_attribute_mapping_failed',
      `The provider sent no usable email in "${fields.email}"`,
    );
  return {
    email,
    firstname: fields.firstname ? textOf(source[fields.firstname]).slice(0, 128) : '',
    lastname: fields.lastname ? textOf(source[fields.lastname]).slice(0, 128) : '',
    attributes: attributesAsText(source),
  };
}
