import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

// The Dockerfile, compose file and systemd unit cannot be built or run here (no registry, no
// systemd): these checks keep them in step with the start commands and the files they name.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
const exists = (rel: string) => fs.existsSync(path.join(root, rel));
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };

/** The script a `node <script>` command runs, e.g. `scripts/start-prod.mjs`. */
const nodeScript = (command: string) => /^node (\S+\.mjs)$/.exec(command)?.[1];

describe('production start commands', () => {
  it('start:prod and release run scripts that exist, and the release ships the start script', () => {
    const start = nodeScript(pkg.scripts['start:prod'] ?? '');
    const release = nodeScript(pkg.scripts.release ?? '');
    expect(start).toBe('scripts/start-prod.mjs');
    expect(release).toBe('scripts/release.mjs');
    expect(exists(start!)).toBe(true);
    expect(exists(release!)).toBe(true);
    expect(read(release!)).toContain(`'${start}'`);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('builds with the release script and runs what npm run start:prod runs, as a non-root user', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^RUN npm ci /m);
    expect(stages[0]).toContain('npm run release -- --out /release');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)?.[1] ?? '[]') as string[];
    expect(cmd.join(' ')).toBe(pkg.scripts['start:prod']);
    expect(runtime).toMatch(/npm ci --omit=dev/);
    const user = /^USER (\S+)$/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('uses Node.js 20 (package.json engines) and copies every workspace manifest before npm ci', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    const copied = lines.flatMap((l) => /^COPY (packages\/[\w-]+)\/package\.json /.exec(l)?.[1] ?? []);
    expect(copied.sort()).toEqual([...pkg.workspaces].sort());
  });

  it('exposes the default port, keeps the data folder in a volume and checks /healthcheck', () => {
    const config = loadConfig({});
    expect(runtime).toContain(`EXPOSE ${config.PORT}`);
    expect(runtime).toMatch(/^ {4}DATA_DIR=\/data$/m);
    expect(runtime).toContain('VOLUME ["/data"]');
    const health = lines.find((l) => l.startsWith('HEALTHCHECK')) ?? '';
    expect(health).toContain("'/healthcheck'");
    expect(health).toContain('process.env.PORT || 8080');
  });

  it('leaves installed packages and builds out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/*.tsbuildinfo', 'data', '.git']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');

  it('runs PostgreSQL 15 with a health check and a volume, and Perch built here on it', () => {
    expect(compose).toMatch(/^ {4}image: postgres:15$/m);
    expect(compose).toMatch(/^ {6}test: \['CMD-SHELL', 'pg_isready /m);
    expect(compose).toContain('- db-data:/var/lib/postgresql/data');
    expect(compose).toMatch(/^ {4}build: \.$/m);
    expect(compose).toMatch(/condition: service_healthy/);
    // DATABASE_URL names the database service and what it creates.
    expect(compose).toContain('DATABASE_URL: postgres://perch:${POSTGRES_PASSWORD}@db:5432/perch');
    expect(compose).toMatch(/^ {2}db:$/m);
    expect(compose).toContain('POSTGRES_DB: perch');
    expect(compose).toContain('POSTGRES_USER: perch');
  });
});

describe('systemd unit', () => {
  const unit = read('deploy/perch.service');
  const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];

  it('starts the start:prod script of its working directory as a dedicated user', () => {
    const workDir = setting('WorkingDirectory');
    const exec = setting('ExecStart') ?? '';
    expect(exec).toMatch(/^\/usr\/bin\/node /);
    const script = exec.replace(/^\/usr\/bin\/node /, '');
    expect(script.startsWith(`${workDir}/`)).toBe(true);
    expect(`node ${script.slice(`${workDir}/`.length)}`).toBe(pkg.scripts['start:prod']);
    expect(setting('User')).toBe('perch');
    expect(setting('EnvironmentFile')).toBe('/etc/perch/perch.env');
    expect(setting('Restart')).toBe('on-failure');
  });

  it('is hardened and keeps its data in its state folder', () => {
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['StateDirectory', 'perch'],
      ['Environment', 'DATA_DIR=/var/lib/perch'],
    ]) {
      expect(unit).toMatch(new RegExp(`^${key}=${value}$`, 'm'));
    }
    // The V8 JIT needs writable executable memory.
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
  });

  it('has an example environment file of known, valid settings', () => {
    const example = read('deploy/perch.env.example');
    const configSource = read('packages/server/src/config.ts');
    const env: Record<string, string> = {};
    for (const line of example.split('\n')) {
      const m = /^#?([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
      if (!m) continue;
      expect(configSource, `${m[1]} is a setting`).toMatch(new RegExp(`^\\s+${m[1]}: `, 'm'));
      if (!line.startsWith('#')) env[m[1]!] = m[2]!;
    }
    expect(Object.keys(env).length).toBeGreaterThan(5);
    expect(() => loadConfig(env)).not.toThrow();
  });
});
