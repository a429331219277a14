import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A certificate authority made for one test run, and a server certificate it signed. */
export interface TestCertificates {
  /** The CA's certificate (PEM file), what SMTP_TLS_CA names to trust it. */
  caFile: string;
  /** The server's private key and certificate (PEM files), for 127.0.0.1 and localhost. */
  keyFile: string;
  certFile: string;
  /** Another CA, which signed nothing of the server's: trusting it must not help. */
  otherCaFile: string;
  remove(): void;
}

/**
 * Makes a throwaway CA and a server certificate with `openssl` in a temporary folder. Nothing
 * is committed: the keys live as long as the test run, valid for a day.
 */
export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => {
    try {
      execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (e) {
      const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
      if (err.code === 'ENOENT')
        throw new Error('openssl is needed to make test certificates (apt-get install openssl)');
      throw new Error(`openssl ${args[0]} failed: ${err.stderr?.toString() ?? err.message}`);
    }
  };
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const ca = (name: string) =>
    openssl(
      'req',
      '-x509',
      ...newKey,
      '-keyout',
      file(`${name}.key`),
      '-out',
      file(`${name}.pem`),
      '-days',
      '1',
      '-subj',
      `/CN=Perch test ${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  ca('ca');
  ca('other-ca');
  openssl('req', ...newKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=localhost');
  fs.writeFileSync(
    file('server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-set_serial',
    String(Date.now()),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  );
  return {
    caFile: file('ca.pem'),
    keyFile: file('server.key'),
    certFile: file('server.pem'),
    otherCaFile: file('other-ca.pem'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
