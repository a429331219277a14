/**
 * Whether a path given as "where to go after signing in" stays on this site: it starts with one
 * `/` (not `//` or `/\`, which browsers read as another host), and holds no control character, no
 * whitespace (browsers drop tabs and newlines, so `/\t/evil.example` becomes `//evil.example`;
 * U+3000 and other spaces are not part of a path either) and no backslash (read as `/`). The
 * server and the web app apply this one rule.
 */
export function isSafeRedirectPath(path: string | null | undefined): path is string {
  if (!path || path[0] !== '/') return false;
  if (path[1] === '/') return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f-\u009f\\\s\u200b-\u200f\u2028\u2029\ufeff]/u.test(path);
}
