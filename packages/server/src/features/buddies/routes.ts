import { buddySaveBody, buddySchema, idParams, Role, userStubSchema, type Buddy } from '@perch/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app-context.js';
import type { AuthContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireAuth } from '../../http/permissions.js';
import { effectiveZone, toFakeUtc } from '../../lib/time.js';
import { bookingSettings } from '../bookings/rules/index.js';
import { settingsMap } from '../bookings/facts.js';
import { LOCATION_ZONE } from '../bookings/repo.js';
import { findUserByEmail } from '../users/repo.js';
import { presentUserStub } from '../users/presenter.js';

const tags = ['buddies'];

export async function buddyRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  /** Buddies exist only where names are shown and the feature is not turned off. */
  async function buddyAuth(req: FastifyRequest): Promise<AuthContext> {
    const auth = requireAuth(req);
    const s = bookingSettings(await settingsMap(db, auth.orgId));
    if (!s.showNames || s.disableBuddies) throw forbidden('Buddies are turned off in this organisation');
    return auth;
  }

  app.get('/buddy/', { schema: { tags, response: { 200: z.array(buddySchema) } } }, async (req) => {
    const auth = await buddyAuth(req);
    const rows = await db
      .selectFrom('buddies as b')
      .innerJoin('users as u', 'u.id', 'b.buddy_id')
      .select(['b.id', 'b.buddy_id', 'u.email', 'u.firstname', 'u.lastname'])
      .where('b.owner_id', '=', auth.userId)
      .orderBy('b.created_at', 'desc')
      .execute();
    const next = rows.length
      ? await db
          .selectFrom('bookings')
          .innerJoin('spaces', 'spaces.id', 'bookings.space_id')
          .innerJoin('locations', 'locations.id', 'bookings.location_id')
          .distinctOn('bookings.user_id')
          .select([
            'bookings.user_id',
            'bookings.enter_at',
            'bookings.leave_at',
            'spaces.name as desk',
            'locations.name as room',
            LOCATION_ZONE.as('zone'),
          ])
          .where(
            'bookings.user_id',
            'in',
            rows.map((r) => r.buddy_id),
          )
          .where('bookings.leave_at', '>', new Date())
          .orderBy('bookings.user_id')
          .orderBy('bookings.enter_at')
          .execute()
      : [];
    const firstBooking = new Map(next.map((n) => [n.user_id, n]));
    return rows.map((r): Buddy => {
      const b = firstBooking.get(r.buddy_id);
      const zone = b ? effectiveZone(b.zone, undefined) : 'UTC';
      return {
        id: r.id,
        buddyId: r.buddy_id,
        buddyEmail: r.email,
        buddyFirstname: r.firstname,
        buddyLastname: r.lastname,
        buddyFirstBooking: b
          ? { enter: toFakeUtc(b.enter_at, zone), leave: toFakeUtc(b.leave_at, zone), desk: b.desk, room: b.room }
          : null,
      };
    });
  });

  const create = async (req: FastifyRequest<{ Body: z.infer<typeof buddySaveBody> }>, reply: FastifyReply) => {
    const auth = await buddyAuth(req);
    const { buddyId, buddyEmail } = req.body;
    const target = buddyId
      ? await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', buddyId.toLowerCase())
          .where('organization_id', '=', auth.orgId)
          .executeTakeFirst()
      : buddyEmail
        ? await findUserByEmail(db, auth.orgId, buddyEmail)
        : undefined;
    if (!target) throw badRequest('Unknown user');
    if (target.id === auth.userId) throw badRequest('You cannot be your own buddy');
    const row = await db
      .insertInto('buddies')
      .values({ owner_id: auth.userId, buddy_id: target.id })
      .onConflict((oc) => oc.columns(['owner_id', 'buddy_id']).doUpdateSet({ owner_id: auth.userId }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).header('x-object-id', row.id).send();
  };
  app.post('/buddy/', { schema: { tags, body: buddySaveBody } }, create);
  app.put('/buddy/', { schema: { tags, body: buddySaveBody } }, create);

  app.delete('/buddy/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    const auth = await buddyAuth(req);
    const row = await db
      .selectFrom('buddies')
      .select(['id', 'owner_id'])
      .where('id', '=', pathId(req.params.id, 'Unknown buddy'))
      .executeTakeFirst();
    if (!row) throw notFound('Unknown buddy');
    if (row.owner_id !== auth.userId) throw forbidden('This is not your buddy');
    await db.deleteFrom('buddies').where('id', '=', row.id).execute();
    return reply.code(204).send();
  });

  app.get(
    '/buddy/search',
    {
      schema: {
        tags,
        querystring: z.object({ q: z.string().max(256).optional() }),
        response: { 200: z.array(userStubSchema) },
      },
    },
    async (req) => {
      const auth = await buddyAuth(req);
      const q = (req.query.q ?? '').trim();
      if (q.length < 3 || q.length > 64) return [];
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email', 'firstname', 'lastname'])
        .where('organization_id', '=', auth.orgId)
        .where('id', '<>', auth.userId)
        .where('role', 'not in', [Role.ServiceAccountReadOnly, Role.ServiceAccountReadWrite])
        .where((eb) =>
          eb.or([
            eb('email', 'like', pattern),
            eb(sql`lower(firstname)`, 'like', pattern),
            eb(sql`lower(lastname)`, 'like', pattern),
          ]),
        )
        .orderBy('email')
        .limit(20)
        .execute();
      return rows.map(presentUserStub);
    },
  );
}
