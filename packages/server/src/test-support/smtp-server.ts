import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';

const SCRIPT = fileURLToPath(new URL('./smtp-process.mjs', import.meta.url));

export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  subject: string;
  text: string;
  html: string;
  /** The first absolute http(s) address in the text part. */
  link: string | undefined;
}

/**
 * A real SMTP server process for tests. `stop()` and `start()` take it down and bring it back
 * on the same port (a mail server outage); mails received over all its lives are in `mails`.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private proc: ChildProcess | undefined;
  private pending: Promise<void>[] = [];
  port = 0;

  static async start(): Promise<TestSmtpServer> {
    const s = new TestSmtpServer();
    await s.start();
    return s;
  }

  /** The server's settings for a Perch configuration. */
  get env(): Record<string, string> {
    return { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(this.port), MAIL_SENDER_ADDRESS: 'perch@perch.test' };
  }

  async start(): Promise<void> {
    const proc = spawn(process.execPath, [SCRIPT, String(this.port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    let buffer = '';
    let err = '';
    proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    await new Promise<void>((resolve, reject) => {
      proc.once('exit', (code) => reject(new Error(`SMTP server exited (${code}): ${err}`)));
      proc.stdout?.on('data', (d: Buffer) => {
        buffer += d.toString();
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          const msg = JSON.parse(line) as { ready?: number; to?: string[]; raw?: string };
          if (msg.ready !== undefined) {
            this.port = msg.ready;
            resolve();
          } else if (msg.raw) {
            this.pending.push(this.receive(msg.to ?? [], Buffer.from(msg.raw, 'base64')));
          }
        }
      });
    });
  }

  private async receive(to: string[], raw: Buffer): Promise<void> {
    const parsed = await simpleParser(raw);
    const text = parsed.text ?? '';
    this.mails.push({
      to,
      parsed,
      subject: parsed.subject ?? '',
      text,
      html: typeof parsed.html === 'string' ? parsed.html : '',
      link: /https?:\/\/\S+/.exec(text)?.[0],
    });
  }

  /** Waits until `count` mails (for `to`, when given) have arrived; returns them. */
  async waitFor(count: number, opts: { to?: string; timeoutMs?: number } = {}): Promise<ReceivedMail[]> {
    const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
    for (;;) {
      await Promise.all(this.pending);
      const got = this.mails.filter((m) => !opts.to || m.to.includes(opts.to));
      if (got.length >= count) return got;
      if (Date.now() > deadline)
        throw new Error(`expected ${count} mail(s)${opts.to ? ` to ${opts.to}` : ''}, got ${got.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = undefined;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
    await Promise.all(this.pending);
  }
}
