import { z } from 'zod';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

/** Sign-in from the team wiki (the Confluence app). */
export const wikiApi = endpoints('wiki', routes.wiki, {
  signIn: {
    summary: 'Sign in from the team wiki with a token it signed (HS256/384/512, the organisation’s shared secret)',
    description:
      'The `user` claim names the wiki user (an email, a user name, or empty for an anonymous visitor when the ' +
      'organisation allows them); `exp` is required, `nbf` and `iat` are checked. Redirects to ' +
      '`/ui/login/success/<ticket>/` (the ticket is redeemed at `GET /auth/verify/{id}`), or to ' +
      '`/ui/login/failed/?reason=` for a token that does not verify. 404 for an unknown organisation, 400 when it ' +
      'has no shared secret.',
    params: z.object({ orgId: z.string().max(64), jwt: z.string().max(8192) }),
  },
});
