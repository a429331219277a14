import { ORG_LANGUAGES } from '@perch/contract/values';
import { describe, expect, it } from 'vitest';
import {
  languageName,
  languageOptions,
  normaliseCode,
  organizationFormValues,
  organizationSaveBody,
  validateCode,
  validateContactEmail,
  validateDomain,
  validateOrgName,
  verificationRecord,
} from './organization-form';

describe('organisation form', () => {
  it('checks names, emails and codes as the server does', () => {
    expect(validateOrgName(' ')).toBe('errorRequired');
    expect(validateOrgName('A')).toBe('errorNameTooShort');
    expect(validateOrgName('Smith & Sons (UK) #1')).toBeNull();
    expect(validateOrgName('Braces {}')).toBe('orgNameRequirements');
    expect(validateOrgName('x'.repeat(65))).toBe('orgNameRequirements');
    expect(validateContactEmail('')).toBe('errorRequired');
    expect(validateContactEmail('nobody')).toBe('errorInvalidEmail');
    expect(validateContactEmail(`${'a'.repeat(120)}@example.com`)).toBe('orgEmailTooLong');
    expect(validateContactEmail('ada@example.com')).toBeNull();
    expect(validateCode('12345')).toBe('orgCodeInvalid');
    expect(validateCode('12a456')).toBe('orgCodeInvalid');
    expect(validateCode(' 123 456 ')).toBeNull();
    expect(normaliseCode(' 123 456 ')).toBe('123456');
  });

  it('checks domain names after trimming and lowering them', () => {
    expect(validateDomain('')).toBe('errorRequired');
    expect(validateDomain('example')).toBe('domainInvalid');
    expect(validateDomain('-bad.example')).toBe('domainInvalid');
    expect(validateDomain(' Mail.Example.COM ')).toBeNull();
    expect(verificationRecord('abc')).toBe('perch-verification=abc');
  });

  it('offers every organisation language by its own name', () => {
    expect(
      languageOptions()
        .map((o) => o.value)
        .sort(),
    ).toEqual([...ORG_LANGUAGES].sort());
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('xx')).toBe('xx');
  });

  it('starts a new organisation in the interface language and trims what is sent', () => {
    expect(organizationFormValues(null, 'fr').language).toBe('fr');
    expect(organizationFormValues(null, 'zz').language).toBe('en');
    expect(
      organizationSaveBody({
        name: ' Acme ',
        firstname: ' Wile ',
        lastname: 'Coyote ',
        email: ' w@a.example ',
        language: 'de',
      }),
    ).toEqual({ name: 'Acme', firstname: 'Wile', lastname: 'Coyote', email: 'w@a.example', language: 'de' });
  });
});
