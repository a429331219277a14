/** What an admin needs to hand a service account's credentials to a script. */

/** The HTTP Basic user name of a service account: `<organisation id>_<email>`. */
export const basicUserName = (user: { organizationId: string; email: string }): string =>
  `${user.organizationId}_${user.email}`;

/** A request to try a new token with: it answers with the service account's own details. */
export const curlExample = (origin: string, token: string): string =>
  `curl -H "Authorization: Bearer ${token}" ${origin}/user/me`;
