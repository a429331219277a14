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
  /** Whether the session that delivered it was encrypted (STARTTLS). */
  secure: boolean;
  /** The user the session authenticated as, or null. */
  user: string | null;
}

/** What the server offers: STARTTLS with a certificate (PEM files), and AUTH it requires. */
export interface TestSmtpOptions {
  tls?: { keyFile: string; certFile: string };
  auth?: { user: string; pass: string };
}

/** An AUTH command the server received, and whether the session was encrypted then. */
export interface AuthAttempt {
  user: string;
  secure: boolean;
}

/**
 * A real SMTP server process for tests. `stop()` and `start()` take it down and bring it back
 * on the same port (a mail server outage); mails received over all its lives are in `mails`.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  readonly authAttempts: AuthAttempt[] = [];
  private proc: ChildProcess | undefined;
  private pending: Promise<void>[] = [];
  port = 0;

  constructor(private readonly options: TestSmtpOptions = {}) {}

  static async start(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
    const s = new TestSmtpServer(options);
    await s.start();
    return s;
  }

  /** The server's settings for a Perch configuration. */
  get env(): Record<string, string> {
    return { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(this.port), MAIL_SENDER_ADDRESS: 'perch@perch.test' };
  }

  async start(): Promise<void> {
    const { tls, auth } = this.options;
    const options = JSON.stringify({ key: tls?.keyFile, cert: tls?.certFile, user: auth?.user, pass: auth?.pass });
    const proc = spawn(process.execPath, [SCRIPT, String(this.port), options], { stdio: ['ignore', 'pipe', 'pipe'] });
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
          const msg = JSON.parse(line) as {
            ready?: number;
            to?: string[];
            raw?: string;
            secure?: boolean;
            user?: string | null;
            auth?: string;
          };
          if (msg.ready !== undefined) {
            this.port = msg.ready;
            resolve();
          } else if (msg.auth !== undefined) {
            this.authAttempts.push({ user: msg.auth, secure: msg.secure === true });
          } else if (msg.raw) {
            const session = { secure: msg.secure === true, user: msg.user ?? null };
            this.pending.push(this.receive(msg.to ?? [], Buffer.from(msg.raw, 'base64'), session));
          }
        }
      });
    });
  }

  private async receive(to: string[], raw: Buffer, session: Pick<ReceivedMail, 'secure' | 'user'>): Promise<void> {
    const parsed = await simpleParser(raw);
    const text = parsed.text ?? '';
    this.mails.push({
      to,
      parsed,
      subject: parsed.subject ?? '',
      text,
      html: typeof parsed.html === 'string' ? parsed.html : '',
      link: /https?:\/\/\S+/.exec(text)?.[0],
      ...session,
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
