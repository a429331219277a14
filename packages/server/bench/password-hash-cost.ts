// What one password hash costs: its time (median of a few, one after the other) and the memory
// it adds to a fresh process (peak resident memory after, minus resident memory before). The
// sign-in flood benchmark prints it for the scrypt of earlier versions (N = 2^17, r = 8, p = 1)
// and for argon2id at the production parameters. Run alone:
// `node --import tsx packages/server/bench/password-hash-cost.ts scrypt|argon2id` prints one as JSON.
import { spawnSync } from 'node:child_process';
import { randomBytes, scrypt } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PASSWORD_HASH_MEMORY_KIB, DEFAULT_PASSWORD_HASH_PASSES, hashPassword } from '../src/lib/password.js';

const ROUNDS = 5;
const KINDS = {
  scrypt: 'scrypt N = 2^17, r = 8, p = 1 (earlier versions)',
  argon2id: `argon2id m = ${DEFAULT_PASSWORD_HASH_MEMORY_KIB} KiB, t = ${DEFAULT_PASSWORD_HASH_PASSES}, p = 1`,
} as const;
type Kind = keyof typeof KINDS;

export interface HashCost {
  kind: string;
  ms: number;
  addedMiB: number;
}

const hashOnce: Record<Kind, () => Promise<unknown>> = {
  scrypt: () =>
    new Promise((resolve, reject) =>
      scrypt('Bench!pass1', randomBytes(16), 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 288 * 1024 * 1024 }, (e, k) =>
        e ? reject(e) : resolve(k),
      ),
    ),
  argon2id: () =>
    hashPassword('Bench!pass1', {
      PASSWORD_HASH_MEMORY_KIB: DEFAULT_PASSWORD_HASH_MEMORY_KIB,
      PASSWORD_HASH_PASSES: DEFAULT_PASSWORD_HASH_PASSES,
    }),
};

const kib = (field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);

async function measureHere(kind: Kind): Promise<HashCost> {
  const before = kib('VmRSS');
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await hashOnce[kind]();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    kind: KINDS[kind],
    ms: Math.round(times[Math.floor(ROUNDS / 2)]!),
    addedMiB: Math.round((kib('VmHWM') - before) / 1024),
  };
}

/** Measures each kind of hash in a process of its own. */
export function measureHashCosts(): HashCost[] {
  return (Object.keys(KINDS) as Kind[]).map((kind) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), kind], {
      encoding: 'utf8',
    });
    return JSON.parse(run.stdout) as HashCost;
  });
}

const kind = process.argv[2];
if (process.argv[1] === fileURLToPath(import.meta.url) && kind && kind in KINDS)
  console.log(JSON.stringify(await measureHere(kind as Kind)));
