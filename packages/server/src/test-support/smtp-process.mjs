// A real SMTP server for the tests, as its own process (smtp-server). Every accepted mail is
// written to stdout as one JSON line {to, raw (base64), secure, user}; every AUTH attempt as
// {auth: user, secure}; `{"ready":port}` once it listens.
// Recipients whose address starts with "reject" are refused for good (550).
// The second argument, optional, is JSON {key, cert, user, pass}: with key and cert (PEM files)
// it offers STARTTLS with that certificate; with user and pass it requires AUTH, also over a
// plain connection (as a badly configured server would), so the tests can see who sends it there.
import { readFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2] ?? 0);
const options = JSON.parse(process.argv[3] ?? '{}');
const tls = options.key && options.cert;
const server = new SMTPServer({
  authOptional: !options.user,
  allowInsecureAuth: Boolean(options.user),
  disabledCommands: tls ? [] : ['STARTTLS'],
  ...(tls ? { key: readFileSync(options.key), cert: readFileSync(options.cert) } : {}),
  logger: false,
  onAuth(auth, session, callback) {
    process.stdout.write(`${JSON.stringify({ auth: auth.username, secure: session.secure })}\n`);
    if (options.user && auth.username === options.user && auth.password === options.pass)
      return callback(null, { user: auth.username });
    callback(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('reject')) {
      const err = new Error('5.1.1 No such mailbox');
      err.responseCode = 550;
      return callback(err);
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const raw = Buffer.concat(chunks).toString('base64');
      process.stdout.write(`${JSON.stringify({ to, raw, secure: session.secure, user: session.user ?? null })}\n`);
      callback();
    });
  },
});
server.on('error', (err) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ ready: server.server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
