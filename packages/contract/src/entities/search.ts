import { z } from 'zod';
import { TEXT_MAX } from '../limits.js';
import { userStubSchema } from './user.js';

const locationStub = z.object({ id: z.string(), name: z.string(), description: z.string() });

/** Global admin search; empty or unrequested categories are `[]`. */
export const searchResultSchema = z.object({
  users: z.array(userStubSchema),
  locations: z.array(locationStub),
  spaces: z.array(z.object({ id: z.string(), name: z.string(), location: locationStub.optional() })),
  groups: z.array(z.object({ id: z.string(), name: z.string(), organizationId: z.string() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const flag = z.enum(['0', '1']).optional();
export const searchQuery = z.object({
  query: z.string().max(TEXT_MAX.searchQuery).default(''),
  includeUsers: flag,
  includeLocations: flag,
  includeSpaces: flag,
  includeGroups: flag,
  expandLocations: flag,
});
