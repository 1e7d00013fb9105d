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
 * The longest Basic header decoded, 8 KiB: far above any real `login:password` (logins have
 * at most 60 characters, emails 100, application passwords 29 with their spaces), and the
 * usual limit of a whole header line in web servers. A longer one is reported as malformed.
 */
const BASIC_AUTHORIZATION_MAX = 8 * 1024;

/**
 * Parses `Authorization: Basic base64(login:password)`. It never throws: a Basic header that
 * is not valid base64, not UTF-8 or has no colon gives `{ malformed: true }`; an absent header
 * or another scheme gives `null`. The password is everything after the first colon. A Basic
 * header longer than 8 KiB is malformed. Linear in the header's length.
 *
 * @example
 * parseBasicAuthorization(`Basic ${btoa('admin:abcd efgh')}`); // { login: 'admin', password: 'abcd efgh' }
 * parseBasicAuthorization('Basic !!!'); // { malformed: true }
 * parseBasicAuthorization('Bearer token'); // null
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials {
  if (header === undefined) return null;
  // Trimmed first, then matched by hand: an expression with a lazy group before `\s*$` costs
  // O(n²) on a long run of inner spaces.
  const trimmed = header.trim();
  if (trimmed.slice(0, 5).toLowerCase() !== 'basic') return null;
  const rest = trimmed.slice(5);
  if (rest !== '' && !/\s/.test(rest.charAt(0))) return null; // another scheme, such as `Basically`
  if (trimmed.length > BASIC_AUTHORIZATION_MAX) return { malformed: true };
  const encoded = rest.trimStart();
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
