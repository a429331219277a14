import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import accountMailEn from './i18n/account-mail/en.json';
import adminSpacesEn from './i18n/admin-spaces/en.json';
import auditEn from './i18n/audit/en.json';
import bookingEn from './i18n/booking/en.json';
import bookingsAdminEn from './i18n/bookings-admin/en.json';
import calendarsEn from './i18n/calendars/en.json';
import checkInEn from './i18n/check-in/en.json';
import dateFieldEn from './i18n/date-field/en.json';
import approvalsEn from './i18n/approvals/en.json';
import en from './i18n/en.json';
import orgAdminEn from './i18n/org-admin/en.json';
import organizationsEn from './i18n/organizations/en.json';
import polishEn from './i18n/polish/en.json';
import presenceEn from './i18n/presence/en.json';
import searchMapEn from './i18n/search-map/en.json';
import searchPanelEn from './i18n/search-panel/en.json';
import secondFactorEn from './i18n/second-factor/en.json';
import serviceAccountsEn from './i18n/service-accounts/en.json';
import signInProvidersEn from './i18n/sign-in-providers/en.json';
import signInTrustEn from './i18n/sign-in-trust/en.json';
import wikiEn from './i18n/wiki/en.json';

// Lazy-loaded pages can take a few seconds to appear on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine asks for; these stand-ins answer "no match" / "no size".
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class ResizeObserverStandIn {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStandIn;
Element.prototype.scrollIntoView ??= () => undefined;

await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: {
    en: {
      translation: {
        ...en,
        ...adminSpacesEn,
        ...bookingEn,
        ...bookingsAdminEn,
        ...orgAdminEn,
        ...auditEn,
        ...presenceEn,
        ...accountMailEn,
        ...organizationsEn,
        ...secondFactorEn,
        ...serviceAccountsEn,
        ...signInProvidersEn,
        ...signInTrustEn,
        ...calendarsEn,
        ...checkInEn,
        ...dateFieldEn,
        ...approvalsEn,
        ...searchMapEn,
        ...searchPanelEn,
        ...wikiEn,
        ...polishEn,
      },
    },
  },
  interpolation: { escapeValue: false },
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
