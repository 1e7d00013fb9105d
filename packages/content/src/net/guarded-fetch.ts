/**
 * The one way the site fetches a URL on its own behalf (the oEmbed proxy, and any later
 * server-side fetch): a `GET` that cannot be turned against the machine or its network.
 *
 * - Only `http:` and `https:`.
 * - The host is resolved once per hop and refused when **any** address it resolves to is not
 *   public unicast ({@link addressRefusal}); `localhost` names are refused unresolved. The
 *   socket connects to the address that was checked: the check runs inside the connection's
 *   own `lookup`, under `request-filtering-agent`'s agent, which checks it again, so there is
 *   no second lookup to rebind.
 * - Redirects are followed one hop at a time, each hop checked as the first, at most
 *   `maxRedirects`; one time limit covers every hop, and at most `maxBytes` of the answer are read.
 *
 * @module
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { promises as dnsPromises } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { addressRefusal, canonicalAddress, isLocalhostName } from './address-policy.js';

/** What a fetch answered: the status, the content type and the text (cut at the size limit). */
export interface FetchedPage {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/**
 * Resolves a host name to every address it has (as `dns.lookup` with `all: true` does).
 *
 * @example
 * const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
 */
export type HostLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

/** Options of {@link guardedFetch}. */
export interface GuardedFetchOptions {
  /** How long the whole fetch may take, every redirect included. @default 5000 */
  readonly timeoutMs?: number;
  /** The most bytes read of the final answer (the original reads 150 KB). @default 153600 */
  readonly maxBytes?: number;
  /** The most redirects followed (the original's `wp_safe_remote_get` follows 5). @default 5 */
  readonly maxRedirects?: number;
  /** Headers sent with every hop. @default { accept: 'application/json, text/html;q=0.9, *\/*;q=0.5' } */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * How host names are resolved; called once per hop that names a host. @default `dns.lookup`
   * with `all: true`. Tests give their own to map names to addresses without touching
   * `/etc/hosts`.
   */
  readonly lookup?: HostLookup;
  /**
   * **For tests only; never set it in production.** Endpoints written `address:port`
   * (`'127.0.0.1:41234'`, `'[::1]:8080'`) that may be connected to although their address is
   * not public. An entry is one IP address and one port, not a name nor a range: a test
   * reaches its own loopback server and nothing else on the machine (another port of
   * 127.0.0.1, the database, a metadata service stay refused), and the entry is matched
   * against the address the socket connects to, so a name or a redirect leads there only
   * where the test meant it to. @default []
   */
  readonly allowHosts?: readonly string[];
}

/**
 * A fetch the policy refused before connecting: a scheme other than `http:`/`https:`, an
 * address that is not public, too many redirects. Its message says which and why.
 */
export class FetchRefusedError extends Error {
  override readonly name = 'FetchRefusedError';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_ACCEPT = 'application/json, text/html;q=0.9, */*;q=0.5';

/** The endpoints of `allowHosts`, as `address|port` with the address canonical. */
function allowedEndpoints(entries: readonly string[]): Set<string> {
  const endpoints = new Set<string>();
  for (const entry of entries) {
    const match = /^\[?([0-9a-f:.]+)\]?:(\d{1,5})$/i.exec(entry);
    const address = match?.[1] === undefined ? undefined : canonicalAddress(match[1]);
    if (match === null || address === undefined || (address.includes(':') && !entry.startsWith('['))) {
      throw new TypeError(`allowHosts: ${entry} is not an IP address and a port (127.0.0.1:8080, [::1]:8080)`);
    }
    endpoints.add(`${address}|${Number(match[2])}`);
  }
  return endpoints;
}

/** The default resolver: every address of the name, as the system resolves it. */
const systemLookup: HostLookup = (hostname) => dnsPromises.lookup(hostname, { all: true, verbatim: true });

interface Hop {
  readonly url: URL;
  readonly port: number;
  /** Why the socket may not connect to `address` on this hop's port, or `undefined` when it may. */
  readonly refusal: (address: string) => string | undefined;
}

/**
 * The connection's own `lookup`: resolves once, refuses if any address may not be reached,
 * and answers the checked addresses (IPv4-mapped ones unwrapped) for the socket to connect to.
 */
function checkedLookup(hop: Hop, resolve: HostLookup): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolve(hostname).then(
      (found) => {
        const addresses: LookupAddress[] = [];
        for (const { address } of found) {
          const refusal = hop.refusal(address);
          if (refusal !== undefined) {
            callback(new FetchRefusedError(`${hostname} resolves to ${address}, ${refusal}`), '');
            return;
          }
          const canonical = canonicalAddress(address) ?? address;
          const kind = canonical.includes(':') ? 6 : 4;
          if (family === undefined || family === 0 || family === kind) addresses.push({ address: canonical, family: kind });
        }
        const first = addresses[0];
        if (first === undefined) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
        } else if (options.all === true) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** One `GET` of one hop, through the filtering agent; resolves when the headers arrived. */
function send(
  hop: Hop,
  options: { headers: Readonly<Record<string, string>>; lookup: HostLookup; signal: AbortSignal; allowed: readonly string[] },
): Promise<{ response: IncomingMessage; done: () => void }> {
  const { url } = hop;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is checked here, before any socket exists, and connected to as checked.
  const literal = canonicalAddress(bare);
  if (literal !== undefined) {
    const refusal = hop.refusal(literal);
    if (refusal !== undefined) return Promise.reject(new FetchRefusedError(`${url.hostname} is ${refusal}`));
  } else if (isLocalhostName(bare)) {
    return Promise.reject(new FetchRefusedError(`${url.hostname} names this machine (localhost)`));
  }
  const https = url.protocol === 'https:';
  // The agent checks the connected address again (ranges that are not `unicast`); only the
  // test-only endpoints of this very port are let through it.
  const agentOptions = { keepAlive: false, allowIPAddressList: [...options.allowed] };
  const agent = https ? new RequestFilteringHttpsAgent(agentOptions) : new RequestFilteringHttpAgent(agentOptions);
  const done = () => agent.destroy();
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)({
      agent,
      host: literal ?? bare,
      port: hop.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { ...options.headers, host: url.host },
      lookup: checkedLookup(hop, options.lookup),
      signal: options.signal,
      ...(https && literal === undefined ? { servername: bare } : {}),
    });
    request.once('response', (response) => resolve({ response, done }));
    // `on`, not `once`: a request may report a second error (its socket closing after an abort).
    request.on('error', (error) => {
      done();
      reject(error);
    });
    request.end();
  });
}

/** Reads at most `maxBytes` of an answer, then stops reading it; rejects when `signal` aborts first. */
function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const abort = () => reject(signal.reason);
    const finish = () => {
      signal.removeEventListener('abort', abort);
      response.removeAllListeners('data');
      resolve(Buffer.concat(chunks).subarray(0, maxBytes));
    };
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= maxBytes) {
        finish();
        response.destroy();
      }
    });
    response.once('end', finish);
    response.on('error', (error) => {
      signal.removeEventListener('abort', abort);
      reject(error);
    });
  });
}

/**
 * Fetches `url` with a `GET` under the site's fetch policy (see the module): only public
 * addresses, each redirect checked, bounded in time and size. Rejects with a
 * {@link FetchRefusedError} when the policy refuses, with the network's error otherwise.
 *
 * @example
 * const page = await guardedFetch('https://video.example/watch?v=1', { timeoutMs: 3000 });
 * page.status; // 200
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxBytes = options.maxBytes ?? 153_600;
  const maxRedirects = options.maxRedirects ?? 5;
  const endpoints = allowedEndpoints(options.allowHosts ?? []);
  const headers = options.headers ?? { accept: DEFAULT_ACCEPT };
  const lookup = options.lookup ?? systemLookup;
  const signal = AbortSignal.timeout(timeoutMs);
  let target = url;
  // One pass a hop: the first request, then one a redirect, each checked as the first.
  for (let redirects = 0; redirects <= maxRedirects; redirects++) {
    let parsed: URL;
    try {
      parsed = new URL(target);
    } catch {
      throw new FetchRefusedError(`${target} is not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new FetchRefusedError(`only http and https addresses are fetched, not ${parsed.protocol}`);
    }
    const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
    const allowed = [...endpoints].filter((endpoint) => endpoint.endsWith(`|${port}`)).map((e) => e.split('|')[0] ?? '');
    const hop: Hop = {
      url: parsed,
      port,
      refusal: (address) => {
        const canonical = canonicalAddress(address);
        if (canonical !== undefined && endpoints.has(`${canonical}|${port}`)) return undefined;
        const refusal = addressRefusal(address);
        return refusal === undefined ? undefined : `not a public address (${refusal})`;
      },
    };
    const { response, done } = await send(hop, { headers, lookup, signal, allowed }).catch((error: unknown) => {
      throw signal.aborted ? new Error(`no answer within ${timeoutMs} ms`) : error;
    });
    try {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location !== undefined) {
        response.destroy();
        if (!URL.canParse(location, parsed.href)) throw new Error(`${parsed} redirected to ${location}, which is not a URL`);
        target = new URL(location, parsed).toString();
        continue;
      }
      const body = await readBody(response, maxBytes, signal).catch((error: unknown) => {
        throw signal.aborted ? new Error(`no answer within ${timeoutMs} ms`) : error;
      });
      return { status, contentType: response.headers['content-type'] ?? '', body: body.toString('utf8') };
    } finally {
      done();
    }
  }
  throw new FetchRefusedError(`more than ${maxRedirects} redirects`);
}
