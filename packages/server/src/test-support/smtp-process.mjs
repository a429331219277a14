// A real SMTP server for the tests, as its own process (smtp-server). Every accepted mail is
// written to stdout as one JSON line {to, raw (base64)}; `{"ready":port}` once it listens.
// Recipients whose address starts with "reject" are refused for good (550).
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2] ?? 0);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
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
      process.stdout.write(`${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('base64') })}\n`);
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
