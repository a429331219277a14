import type { Db } from '../../db/connection.js';
import { badRequest } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';

/** The area a list or report is filtered by, when it is one of the caller's organisation; else 400. */
export async function areaFilter(db: Db, orgId: string, raw: string): Promise<string> {
  if (!isUuid(raw)) throw badRequest('Unknown area');
  const area = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', raw.toLowerCase())
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  if (!area) throw badRequest('Unknown area');
  return area.id;
}
