import type { Organization, OrganizationSave, OrgLanguage } from '@perch/contract';
import { isDomainName, isEmail, isOrgName, ORG_LANGUAGES, TEXT_MAX } from '@perch/contract/values';
import { LANGUAGES, type MessageKey } from '../../../i18n';

/**
 * Longest organisation name and contact email, as `organizationSaveBody` checks them (name 2–64
 * through `isOrgName`, email `.max(128)`). The contract has no exported constant for either yet.
 */
export const ORG_NAME_MAX = 64;
export const ORG_EMAIL_MAX = 128;
export const CONTACT_NAME_MAX = TEXT_MAX.personName;
/** The code mailed to a new contact email, and the one shown when an organisation is to be deleted. */
export const CODE_LENGTH = 6;

export interface OrganizationFormValues {
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  language: OrgLanguage;
}

export function isOrgLanguage(value: string): value is OrgLanguage {
  return (ORG_LANGUAGES as readonly string[]).includes(value);
}

/** The languages an organisation may choose, by their own names, in the order of the language menu. */
export function languageOptions(): { value: OrgLanguage; label: string }[] {
  return LANGUAGES.filter((l) => isOrgLanguage(l.code)).map((l) => ({ value: l.code, label: l.name }));
}

/** A language code by its own name (`de` → Deutsch); unknown codes as they are. */
export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

export function organizationFormValues(org: Organization | null, uiLanguage: string): OrganizationFormValues {
  const fallback: OrgLanguage = isOrgLanguage(uiLanguage) ? uiLanguage : 'en';
  return {
    name: org?.name ?? '',
    firstname: org?.firstname ?? '',
    lastname: org?.lastname ?? '',
    email: org?.email ?? '',
    language: org && isOrgLanguage(org.language) ? org.language : fallback,
  };
}

export function validateOrgName(name: string): MessageKey | null {
  const trimmed = name.trim();
  if (!trimmed) return 'errorRequired';
  if (trimmed.length < 2) return 'errorNameTooShort';
  return isOrgName(trimmed) ? null : 'orgNameRequirements';
}

export function validateContactEmail(email: string): MessageKey | null {
  const trimmed = email.trim();
  if (!trimmed) return 'errorRequired';
  if (trimmed.length > ORG_EMAIL_MAX) return 'orgEmailTooLong';
  return isEmail(trimmed) ? null : 'errorInvalidEmail';
}

/** The body of `POST /organization/` and `PUT /organization/:id`. */
export function organizationSaveBody(values: OrganizationFormValues): OrganizationSave {
  return {
    name: values.name.trim(),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    language: values.language,
  };
}

export function contactName(org: Pick<Organization, 'firstname' | 'lastname'>): string {
  return `${org.firstname} ${org.lastname}`.trim();
}

/** Six digits, spaces the user typed or pasted around them removed. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export function validateCode(code: string): MessageKey | null {
  const digits = normaliseCode(code);
  if (!digits) return 'errorRequired';
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits) ? null : 'orgCodeInvalid';
}

/** A domain as the server stores it: trimmed, lowercase. */
export function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase();
}

export function validateDomain(domain: string): MessageKey | null {
  const normalised = normaliseDomain(domain);
  if (!normalised) return 'errorRequired';
  return isDomainName(normalised) ? null : 'domainInvalid';
}

/** The TXT record that proves a domain belongs to the organisation (on the domain itself). */
export const verificationRecord = (token: string): string => `perch-verification=${token}`;
