/** Input-format rules shared by server validation and client forms. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** 8–64 characters with an upper-case letter, a lower-case letter, a digit and another character. */
export function isComplexPassword(pw: string): boolean {
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return false;
  return /\p{Lu}/u.test(pw) && /\p{Ll}/u.test(pw) && /\p{Nd}/u.test(pw) && /[^\p{L}\p{Nd}]/u.test(pw);
}

/** Person names: 2–64 letters, digits, spaces, hyphens, apostrophes and dots. */
export function isHumanName(name: string): boolean {
  return /^[\p{L}\p{M}\p{Nd} .'-]{2,64}$/u.test(name) && !name.includes('@@@');
}

/** Organisation names: 2–64 characters from a conservative set. */
export function isOrgName(name: string): boolean {
  return /^[\p{L}\p{M}\p{Nd} \-'.&,+()/#@!_<>]{2,64}$/u.test(name);
}

const EMAIL_RE =
  /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export function isEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email);
}

/** Hostnames for organisation domains: lowercase labels, at least two, at most 253 characters. */
export function isDomainName(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return domain === 'localhost';
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
}

export const isColor = (v: string): boolean => /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v);
export const isTimeOfDay = (v: string): boolean => /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(v);

/** Comma-separated weekdays 0–6, strictly increasing. */
export function isWeekdayList(v: string): boolean {
  if (v === '') return true;
  if (v.length > 13) return false;
  const parts = v.split(',');
  let prev = -1;
  for (const p of parts) {
    if (!/^[0-6]$/.test(p)) return false;
    const n = Number(p);
    if (n <= prev) return false;
    prev = n;
  }
  return true;
}

/** An https URL (what the app's security policy lets it load images from). */
export function isHttpsUrl(v: string): boolean {
  try {
    return new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}

export function isAbsoluteUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export const DATE_FORMATS = ['Y-m-d', 'd.m.Y', 'm/d/Y', 'd/m/Y'] as const;

/** An RFC 9562 UUID (the form the API's ids take; the nil and max UUIDs included). */
export function isUuid(v: string): boolean {
  return /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(
    v,
  );
}
