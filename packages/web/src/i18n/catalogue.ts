import type accountMailEn from './account-mail/en.json';
import type approvalsEn from './approvals/en.json';
import type adminSpacesEn from './admin-spaces/en.json';
import type auditEn from './audit/en.json';
import type bookingEn from './booking/en.json';
import type bookingsAdminEn from './bookings-admin/en.json';
import type calendarsEn from './calendars/en.json';
import type checkInEn from './check-in/en.json';
import type dateFieldEn from './date-field/en.json';
import type en from './en.json';
import type orgAdminEn from './org-admin/en.json';
import type organizationsEn from './organizations/en.json';
import type polishEn from './polish/en.json';
import type presenceEn from './presence/en.json';
import type searchMapEn from './search-map/en.json';
import type searchPanelEn from './search-panel/en.json';
import type secondFactorEn from './second-factor/en.json';
import type serviceAccountsEn from './service-accounts/en.json';
import type signInProvidersEn from './sign-in-providers/en.json';
import type signInTrustEn from './sign-in-trust/en.json';
import type wikiEn from './wiki/en.json';

/**
 * The messages of one language: the core catalogue (`<lang>.json`) merged with the section
 * catalogues (`<section>/<lang>.json`). Sections let screens of different areas keep their
 * strings apart; a key lives in exactly one file.
 */
export type Catalogue = typeof en &
  typeof adminSpacesEn &
  typeof bookingEn &
  typeof bookingsAdminEn &
  typeof orgAdminEn &
  typeof presenceEn &
  typeof auditEn &
  typeof accountMailEn &
  typeof organizationsEn &
  typeof secondFactorEn &
  typeof serviceAccountsEn &
  typeof signInProvidersEn &
  typeof signInTrustEn &
  typeof calendarsEn &
  typeof checkInEn &
  typeof dateFieldEn &
  typeof approvalsEn &
  typeof searchMapEn &
  typeof searchPanelEn &
  typeof polishEn &
  typeof wikiEn;

/** Paths of every catalogue file of a language among the glob's keys. */
export function filesOf(paths: readonly string[], language: string): string[] {
  return paths.filter((p) => p === `./${language}.json` || p.endsWith(`/${language}.json`));
}
