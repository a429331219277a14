import { PerchClient } from '@perch/client';
import { BrowserCredentialStore } from './browser-credential-store';
import { crossTabExclusive } from './cross-tab-lock';

/** The API client as the browser app uses it, with what the screens need beside it. */
export interface WebApi {
  client: PerchClient;
  store: BrowserCredentialStore;
}

export interface WebApiOptions {
  onSignedOut: () => void;
  fetch?: typeof fetch;
  store?: BrowserCredentialStore;
}

/** Same-origin client: the server serves the app and the API from one host. */
export function createWebApi(options: WebApiOptions): WebApi {
  const store = options.store ?? new BrowserCredentialStore();
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const client = new PerchClient({
    baseUrl: '',
    store,
    fetch: baseFetch,
    exclusive: crossTabExclusive(),
    onSignedOut: options.onSignedOut,
  });
  return { client, store };
}
