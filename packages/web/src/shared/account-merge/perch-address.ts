import { routerBasename } from '../../app/base-path';

/**
 * The address of a page of Perch as a top-level page (outside the wiki's frame), for links that
 * open the web app in a new tab.
 */
export function perchAppUrl(path = '/'): string {
  const { origin, pathname } = window.location;
  return `${origin}${routerBasename(pathname)}${path}`;
}
