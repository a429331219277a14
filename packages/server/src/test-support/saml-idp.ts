import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./saml-idp/idp-process.mjs', import.meta.url));

/** A real SAML identity provider process for tests (see saml-idp/idp-process.mjs). */
export class TestSamlIdp {
  private proc: ChildProcess | undefined;
  port = 0;

  static async start(): Promise<TestSamlIdp> {
    const idp = new TestSamlIdp();
    const proc = spawn(process.execPath, [SCRIPT, '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    idp.proc = proc;
    idp.port = await new Promise<number>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /\{"ready":(\d+)\}/.exec(out);
        if (ready) resolve(Number(ready[1]));
      });
      proc.once('exit', (code) => reject(new Error(`SAML IdP exited with ${code}`)));
    });
    return idp;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** The IdP's entity ID (the Issuer of its responses). */
  get entityId(): string {
    return `${this.url}/metadata`;
  }
  get ssoUrl(): string {
    return `${this.url}/sso`;
  }
  /** The signing certificate the SP must trust (PEM). */
  static certificate(which: 'idp' | 'other' = 'idp'): string {
    return readFileSync(fileURLToPath(new URL(`./saml-idp/${which}-cert.pem`, import.meta.url)), 'utf8');
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  }
}
