// The mail server of the browser journeys: a real SMTP server (smtp-server) that keeps what it
// receives and shows it over HTTP, so a journey can open the link a mail carries.
//   SMTP on E2E_SMTP_PORT, HTTP on E2E_MAIL_API_PORT:
//   GET /mails?to=<address>  → [{to, subject, text}] oldest first;  GET /healthcheck → 200.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 8191);
const apiPort = Number(process.env.E2E_MAIL_API_PORT ?? 8192);
const mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/healthcheck') return res.end('ok');
    if (url.pathname !== '/mails') {
      res.statusCode = 404;
      return res.end();
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
  })
  .listen(apiPort, '127.0.0.1');
