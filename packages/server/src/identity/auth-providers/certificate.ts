import { X509Certificate } from 'node:crypto';

/**
 * An identity provider's signing certificate as PEM, from what an admin pastes: a PEM block,
 * or the bare base64 body many identity providers show. Undefined when it is no X.509
 * certificate.
 */
export function normaliseCertificate(text: string): string | undefined {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (body === '' || !/^[A-Za-z0-9+/]+=*$/.test(body)) return undefined;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return undefined;
  }
}
