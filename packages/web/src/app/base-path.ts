/**
 * The server offers the app under `/ui/` and also at the shell route `/_app`;
 * routing works relative to whichever prefix the page was loaded from.
 */
export function routerBasename(pathname: string): string {
  return pathname === '/_app' || pathname.startsWith('/_app/') ? '/_app' : '/ui';
}
