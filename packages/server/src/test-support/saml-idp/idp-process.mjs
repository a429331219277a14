// A SAML 2.0 identity provider for the tests, as its own process: HTTP-Redirect binding in,
// HTTP-POST binding out, assertions signed with xml-crypto (RSA-SHA256, exclusive C14N).
//
//   node idp-process.mjs [port]          prints {"ready":<port>} once it listens
//
//   GET  /metadata       the IdP's metadata (entity ID http://127.0.0.1:<port>/metadata)
//   GET  /certificate    its signing certificate (PEM)
//   GET  /sso?SAMLRequest&RelayState    a sign-in page: email, first name, last name
//   POST /sso/login      (the page's form) answers a page that posts the signed response to
//                        the request's AssertionConsumerServiceURL, with the RelayState
//
// The form's optional `defect` field makes a broken response for failure tests: unsigned,
// tampered (changed after signing), other-key (signed with a key the SP does not trust),
// wrong-audience, wrong-issuer, expired, no-in-response-to. `sign=response` signs the whole
// response instead of the assertion.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

const here = (name) => new URL(`./${name}`, import.meta.url);
const KEYS = {
  idp: { key: readFileSync(here('idp-key.pem'), 'utf8'), cert: readFileSync(here('idp-cert.pem'), 'utf8') },
  other: { key: readFileSync(here('other-key.pem'), 'utf8'), cert: readFileSync(here('other-cert.pem'), 'utf8') },
};
const port = Number(process.argv[2] ?? 0);
let entityId = '';

const escape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const attr = (xml, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
const certBody = (pem) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;
}

function readRequest(encoded) {
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
  return { id: attr(xml, 'ID'), acs: attr(xml, 'AssertionConsumerServiceURL'), issuer };
}

function sign(xml, what, keys) {
  const sig = new SignedXml({
    privateKey: keys.key,
    publicCert: keys.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: `//*[local-name(.)='${what}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, {
    location: { reference: `//*[local-name(.)='${what}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return sig.getSignedXml();
}

function samlResponse(request, person, defect, signWhat) {
  const issuer = defect === 'wrong-issuer' ? 'https://evil.example.com/idp' : entityId;
  const audience = defect === 'wrong-audience' ? 'https://someone-else.example.com/sp' : request.issuer;
  const inResponseTo = defect === 'no-in-response-to' ? '' : ` InResponseTo="${escape(request.id)}"`;
  const notOnOrAfter = defect === 'expired' ? iso(-10 * 60_000) : iso(5 * 60_000);
  const issueInstant = defect === 'expired' ? iso(-15 * 60_000) : iso();
  const attribute = (name, value) =>
    value
      ? `<saml:Attribute Name="${name}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`
      : '';
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a${randomUUID()}" Version="2.0" IssueInstant="${issueInstant}">` +
    `<saml:Issuer>${escape(issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(person.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(request.acs)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${defect === 'expired' ? iso(-16 * 60_000) : iso(-60_000)}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issueInstant}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', person.email)}${attribute('givenName', person.firstname)}${attribute('sn', person.lastname)}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  let xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${issueInstant}" Destination="${escape(request.acs)}"${inResponseTo}>` +
    `<saml:Issuer>${escape(issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  if (defect !== 'unsigned')
    xml = sign(xml, signWhat === 'response' ? 'Response' : 'Assertion', defect === 'other-key' ? KEYS.other : KEYS.idp);
  if (defect === 'tampered')
    xml = xml
      .replace(`>${escape(person.email)}<`, '>mallory@example.com<')
      .replace(`>${escape(person.email)}</saml:AttributeValue>`, '>mallory@example.com</saml:AttributeValue>');
  return Buffer.from(xml, 'utf8').toString('base64');
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', entityId || 'http://127.0.0.1');
  const send = (status, type, body) => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
    res.end(body);
  };
  try {
    if (req.method === 'GET' && url.pathname === '/certificate')
      return send(200, 'application/x-pem-file', KEYS.idp.cert);
    if (req.method === 'GET' && url.pathname === '/metadata')
      return send(
        200,
        'application/samlmetadata+xml',
        `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody(KEYS.idp.cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${new URL('/sso', entityId)}"/></md:IDPSSODescriptor></md:EntityDescriptor>`,
      );
    if (req.method === 'GET' && url.pathname === '/sso') {
      const samlRequest = url.searchParams.get('SAMLRequest') ?? '';
      readRequest(samlRequest);
      return send(
        200,
        'text/html',
        page(
          'Test identity provider',
          `<main><h1>Test identity provider</h1><form method="post" action="/sso/login">` +
            `<input type="hidden" name="SAMLRequest" value="${escape(samlRequest)}">` +
            `<input type="hidden" name="RelayState" value="${escape(url.searchParams.get('RelayState') ?? '')}">` +
            `<p><label>Email <input name="email" type="email" required></label></p>` +
            `<p><label>First name <input name="firstname"></label></p>` +
            `<p><label>Last name <input name="lastname"></label></p>` +
            `<p><button type="submit">Sign in</button></p></form></main>`,
        ),
      );
    }
    if (req.method === 'POST' && url.pathname === '/sso/login') {
      const form = await readBody(req);
      const request = readRequest(form.get('SAMLRequest') ?? '');
      const person = {
        email: form.get('email') ?? '',
        firstname: form.get('firstname') ?? '',
        lastname: form.get('lastname') ?? '',
      };
      const response = samlResponse(request, person, form.get('defect') ?? '', form.get('sign') ?? 'assertion');
      return send(
        200,
        'text/html',
        page(
          'Signing in',
          `<form method="post" action="${escape(request.acs)}">` +
            `<input type="hidden" name="SAMLResponse" value="${response}">` +
            `<input type="hidden" name="RelayState" value="${escape(form.get('RelayState') ?? '')}">` +
            `<noscript><button type="submit">Continue</button></noscript></form>` +
            `<script>document.forms[0].submit()</script>`,
        ),
      );
    }
    send(404, 'text/plain', 'not found');
  } catch (err) {
    send(400, 'text/plain', `bad request: ${err instanceof Error ? err.message : String(err)}`);
  }
});

server.listen(port, '127.0.0.1', () => {
  const actual = server.address().port;
  entityId = `http://127.0.0.1:${actual}/metadata`;
  process.stdout.write(`${JSON.stringify({ ready: actual })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
