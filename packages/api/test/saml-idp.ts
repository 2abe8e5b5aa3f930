import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/** The test IdP's signing key and certificate (openssl req -x509 -newkey rsa:2048 -days 36500). */
export const IDP_CERT_PATH = fileURLToPath(new URL('./fixtures/saml-idp.crt', import.meta.url));
const IDP_KEY = readFileSync(fileURLToPath(new URL('./fixtures/saml-idp.key', import.meta.url)), 'utf8');
const IDP_CERT = readFileSync(IDP_CERT_PATH, 'utf8');

/** The AuthnRequest a `/saml/login` link carries (HTTP-Redirect binding): its ID and RelayState. */
export function readAuthnRequest(link: string): { id: string; relayState: string; destination: string } {
  const url = new URL(link);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  return { id: /\bID="([^"]+)"/.exec(xml)![1]!, relayState: url.searchParams.get('RelayState')!, destination: `${url.origin}${url.pathname}` };
}

const iso = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * 60_000).toISOString();

/**
 * A SAML 2 Response as an identity provider posts it, the assertion signed (RSA-SHA256,
 * exclusive c14n) with the test key — or with `signingKey` when given. Base64, ready for the
 * SAMLResponse form field.
 */
export function samlResponse(options: {
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  nameId: string;
  signingKey?: string;
  tamper?: (xml: string) => string;
}): string {
  const issuer = 'http://idp.test/metadata';
  const assertionId = `_${randomUUID()}`;
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${options.acsUrl}" InResponseTo="${options.inResponseTo}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${options.nameId}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(5)}" Recipient="${options.acsUrl}" InResponseTo="${options.inResponseTo}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(-1)}" NotOnOrAfter="${iso(5)}"><saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion></samlp:Response>`;
  const signature = new SignedXml({
    privateKey: options.signingKey ?? IDP_KEY,
    publicCert: IDP_CERT,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  signature.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  const signed = signature.getSignedXml();
  return Buffer.from(options.tamper ? options.tamper(signed) : signed).toString('base64');
}
