import fs from 'node:fs';
import path from 'node:path';

// The scale benchmark's dataset: its sizes and the known sign-ins (seed.ts writes it,
// measure.ts reads it).

export const BENCH_PASSWORD = 'Bench!pass1';
export const ZONE = 'Europe/Berlin';

export interface Scale {
  orgs: number;
  usersPerOrg: number;
  areasPerOrg: number;
  spacesPerArea: number;
  bookingsPerOrg: number;
}

/** The reference's full scale (per organisation) or its small scale. */
export function scaleOf(small: boolean, orgs?: number): Scale {
  const base: Scale = small
    ? { orgs: 5, usersPerOrg: 100, areasPerOrg: 1, spacesPerArea: 50, bookingsPerOrg: 2_000 }
    : { orgs: 10, usersPerOrg: 1_000, areasPerOrg: 5, spacesPerArea: 500, bookingsPerOrg: 200_000 };
  if (orgs !== undefined) {
    if (!Number.isInteger(orgs) || orgs < 1) throw new Error('--orgs needs a positive whole number');
    base.orgs = orgs;
  }
  return base;
}

/** Organisation `o` (from 0) has the domain bench<o+1>.perch.test. */
export const orgDomain = (o: number): string => `bench${o + 1}.perch.test`;

/** User `i` of organisation `o`: 0 is its org admin (super admin in the first), 1 a space admin. */
export const userEmail = (o: number, i: number): string => `user${i}@${orgDomain(o)}`;

/** What the measuring needs of a seeded organisation. */
export interface SeededOrg {
  id: string;
  domain: string;
  areas: string[];
  spaces: string[];
  userEmails: string[];
}

/** The embedded database cannot be read while the server holds it: the seed leaves a manifest. */
const manifestOf = (dir: string) => path.join(dir, 'bench-dataset.json');

export function writeManifest(dir: string, orgs: SeededOrg[]): void {
  fs.writeFileSync(manifestOf(dir), JSON.stringify(orgs));
}

export function readManifest(dir: string): SeededOrg[] {
  return JSON.parse(fs.readFileSync(manifestOf(dir), 'utf8')) as SeededOrg[];
}
