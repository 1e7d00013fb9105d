/**
 * What an `Authorization` header holds: Basic credentials, a malformed Basic header, or
 * nothing this module reads (absent, or another scheme such as `Bearer`).
 *
 * @example
 * const parsed: BasicCredentials = parseBasicAuthorization('Basic YWRtaW46c2VjcmV0');
 */
export type BasicCredentials = { login: string; password: string } | { malformed: true } | null;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Parses `Authorization: Basic base64(login:password)`. It never throws: a Basic header that
 * is not valid base64, not UTF-8 or has no colon gives `{ malformed: true }`; an absent header
 * or another scheme gives `null`. The password is everything after the first colon.
 *
 * @example
 * parseBasicAuthorization(`Basic ${btoa('admin:abcd efgh')}`); // { login: 'admin', password: 'abcd efgh' }
 * parseBasicAuthorization('Basic !!!'); // { malformed: true }
 * parseBasicAuthorization('Bearer token'); // null
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials {
  if (header === undefined) return null;
  const match = /^\s*basic(?:\s+(.*?))?\s*$/is.exec(header);
  if (!match) return null;
  const encoded = match[1] ?? '';
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return { malformed: true };
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return { malformed: true };
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return { malformed: true };
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
