import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FetchRefusedError, guardedFetch, type HostLookup } from './guarded-fetch.js';

const SECRET = 'the loopback server’s secret';

/** A server on 127.0.0.1 that counts the connections and requests it got. */
async function loopbackServer(handler: (path: string, res: ServerResponse) => void) {
  const counts = { connections: 0, requests: 0 };
  const server: Server = createServer((req, res) => {
    counts.requests++;
    handler(req.url ?? '/', res);
  });
  server.on('connection', () => {
    counts.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, origin: `http://127.0.0.1:${port}`, counts, close };
}

/**
 * Records every TCP connection attempt of this process (address:port), as the sockets report
 * them (`connectionAttempt`) before sending anything: a refusal must come before any.
 */
function watchConnectionAttempts() {
  const attempts: string[] = [];
  const connect = Socket.prototype.connect;
  vi.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args: Parameters<Socket['connect']>) {
    this.on('connectionAttempt', (address: string, port: number) => attempts.push(`${address}:${port}`));
    return connect.apply(this, args);
  });
  return attempts;
}

/** A resolver from a table (an answer per call, the last one repeated), recording every name asked. */
function hostsTable(table: Record<string, readonly (readonly string[])[]>) {
  const asked: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    const calls = asked.filter((name) => name === hostname).length;
    asked.push(hostname);
    const answers = table[hostname];
    const answer = answers?.[Math.min(calls, answers.length - 1)];
    if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

/** The names the table's rows use, as `/etc/hosts` lines would map them. */
const HOSTS = {
  'hosts-mapped.test': [['127.0.0.1']],
  'hosts-mapped.test.': [['127.0.0.1']],
  'mapped-v6.test': [['::ffff:127.0.0.1']],
  'v6-loopback.test': [['::1']],
  'public-then-private.test': [['93.184.216.34', '127.0.0.1']],
  'private-then-public.test': [['127.0.0.1', '2606:2800:220:1::1']],
  'nat64.test': [['64:ff9b::7f00:1']],
  'unspecified.test': [['0.0.0.0']],
  'metadata.test': [['169.254.169.254']],
} as const;

interface Ports {
  /** The port of the server holding the secret (never allowed). */
  readonly secret: number;
  /** The origin of the redirecting server (allowed through the test option). */
  readonly redirector: string;
}

interface Spelling {
  /** What the row tries. */
  readonly name: string;
  readonly url: (ports: Ports) => string;
  /** Whether the first request goes to the (allowed) redirecting server. */
  readonly redirected?: boolean;
  /** Whether the secret's endpoint is allowed too for this row: only the redirect limit stands in the way. */
  readonly secretAllowed?: boolean;
}

const literal = (host: string): Spelling => ({ name: host, url: ({ secret }) => `http://${host}:${secret}/` });
const redirect = (name: string, location: (ports: Ports) => string): Spelling => ({
  name: `a redirect to ${name}`,
  url: (ports) => `${ports.redirector}/to?location=${encodeURIComponent(location(ports))}`,
  redirected: true,
});

/** Every spelling of the loopback server the suite tries; none may reach it. */
const SPELLINGS: readonly Spelling[] = [
  // IPv4, written every way the URL parser accepts.
  ...[
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '2130706433',
    '0177.0.0.1',
    '017700000001',
    '0x7f.0.0.1',
    '0x7f000001',
    '0x7F.1',
    '127.000.000.001',
    '127.0.0.1.',
    '127.127.127.127',
    '%31%32%37.0.0.1',
    '127.0.0.1%2e',
    '１２７．０．０．１',
  ].map(literal),
  // The names of this machine.
  ...['localhost', 'localhost.', 'LOCALHOST', 'sub.localhost'].map(literal),
  // IPv6 and the IPv6 forms that carry an IPv4 address.
  ...[
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::127.0.0.1]',
    '[::ffff:0:127.0.0.1]',
    '[64:ff9b::127.0.0.1]',
    '[64:ff9b:1::7f00:1]',
    '[2002:7f00:1::]',
    '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
  ].map(literal),
  // The unspecified address, which the kernel connects to this machine.
  ...['[::]', '0', '0.0.0.0', '0x0'].map(literal),
  // Other private, link-local, shared, multicast, broadcast and reserved addresses (refused before any packet).
  ...[
    '[fe80::1]',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '[::ffff:169.254.169.254]',
    '[fd00:ec2::254]',
    '100.64.0.1',
    '[fc00::1]',
    '224.0.0.1',
    '[ff02::1]',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '[2001:db8::1]',
  ].map(literal),
  // URL-parser tricks around the host.
  { name: 'userinfo naming a public host', url: ({ secret }) => `http://example.com@127.0.0.1:${secret}/` },
  { name: 'a fragment naming a public host', url: ({ secret }) => `http://127.0.0.1:${secret}#@example.com/` },
  // Names that resolve to this machine (as /etc/hosts would map them; see HOSTS).
  ...Object.keys(HOSTS).map(literal),
  // Redirects from a server the test option allows, each hop checked again.
  redirect('127.0.0.1', ({ secret }) => `http://127.0.0.1:${secret}/`),
  redirect('[::ffff:127.0.0.1]', ({ secret }) => `http://[::ffff:127.0.0.1]:${secret}/`),
  redirect('2130706433', ({ secret }) => `http://2130706433:${secret}/`),
  redirect('0', ({ secret }) => `http://0:${secret}/`),
  redirect('[::]', ({ secret }) => `http://[::]:${secret}/`),
  redirect('localhost', ({ secret }) => `http://localhost:${secret}/`),
  redirect('a name mapped to 127.0.0.1', ({ secret }) => `http://hosts-mapped.test:${secret}/`),
  redirect('a scheme-relative 127.0.0.1', ({ secret }) => `//127.0.0.1:${secret}/`),
  redirect('file:///etc/passwd', () => 'file:///etc/passwd'),
  redirect('gopher://', ({ secret }) => `gopher://127.0.0.1:${secret}/_GET%20/`),
  redirect('ftp://', ({ secret }) => `ftp://127.0.0.1:${secret}/`),
  {
    name: 'a chain of 6 redirects, even to an allowed endpoint',
    url: ({ redirector }) => `${redirector}/chain/6`,
    redirected: true,
    secretAllowed: true,
  },
];

describe('guarded fetches cannot reach a loopback server', () => {
  let secret: Awaited<ReturnType<typeof loopbackServer>>;
  let redirector: Awaited<ReturnType<typeof loopbackServer>>;
  let reached = 0;

  beforeAll(async () => {
    secret = await loopbackServer((_path, res) => res.end(SECRET));
    redirector = await loopbackServer((path, res) => {
      const url = new URL(path, 'http://redirector.test');
      const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
      const location =
        chain === null
          ? (url.searchParams.get('location') ?? '/')
          : Number(chain[1]) > 1
            ? `/chain/${Number(chain[1]) - 1}`
            : `http://127.0.0.1:${secret.port}/`;
      res.writeHead(302, { location }).end();
    });
  });
  afterAll(async () => {
    await secret.close();
    await redirector.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(SPELLINGS.map((spelling) => [spelling.name, spelling] as const))('refuses %s', async (_name, spelling) => {
    const hosts = hostsTable(HOSTS);
    const attempts = watchConnectionAttempts();
    const before = secret.counts.connections;
    const url = spelling.url({ secret: secret.port, redirector: redirector.origin });
    const allowHosts = [`127.0.0.1:${redirector.port}`, ...(spelling.secretAllowed === true ? [`127.0.0.1:${secret.port}`] : [])];
    const outcome = await guardedFetch(url, { lookup: hosts.lookup, allowHosts, timeoutMs: 2000 }).catch(
      (error: unknown) => error,
    );
    if (secret.counts.connections !== before) reached++;
    expect(outcome).toBeInstanceOf(FetchRefusedError);
    expect(secret.counts.connections).toBe(before);
    // No connection was attempted but to the redirector: each refusal came before connecting.
    const hops = spelling.redirected === true ? (spelling.secretAllowed === true ? 6 : 1) : 0;
    expect(attempts).toEqual(Array.from({ length: hops }, () => `127.0.0.1:${redirector.port}`));
  });

  it(`reached the secret through none of the ${SPELLINGS.length} spellings`, () => {
    console.info(`${SPELLINGS.length} spellings tried, ${reached} reached`);
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(30);
    expect(reached).toBe(0);
    expect(secret.counts.requests).toBe(0);
  });

  it('reaches the same server through the test option, as a control of the table', async () => {
    const allowHosts = [`127.0.0.1:${secret.port}`];
    const direct = await guardedFetch(`http://127.0.0.1:${secret.port}/`, { allowHosts });
    expect(direct).toEqual({ status: 200, contentType: '', body: SECRET });
    const mapped = await guardedFetch(`http://[::ffff:127.0.0.1]:${secret.port}/`, { allowHosts });
    expect(mapped.body).toBe(SECRET);
    const named = await guardedFetch(`http://hosts-mapped.test:${secret.port}/`, {
      allowHosts,
      lookup: hostsTable(HOSTS).lookup,
    });
    expect(named.body).toBe(SECRET);
    const fiveRedirects = await guardedFetch(`${redirector.origin}/chain/5`, {
      allowHosts: [...allowHosts, `127.0.0.1:${redirector.port}`],
    });
    expect(fiveRedirects.body).toBe(SECRET);
  });

  it('connects to the address it checked: one lookup a hop, so a rebinding name cannot switch', async () => {
    // First answer allowed, any later one refused: the fetch succeeds only if the socket used the first.
    const rebinding = hostsTable({ 'rebind.test': [['127.0.0.1'], ['127.0.0.2']] });
    const page = await guardedFetch(`http://rebind.test:${secret.port}/`, {
      allowHosts: [`127.0.0.1:${secret.port}`],
      lookup: rebinding.lookup,
    });
    expect(page.body).toBe(SECRET);
    expect(rebinding.asked).toEqual(['rebind.test']);

    // First answer refused, a later one allowed: refused, with one lookup and no connection.
    const before = secret.counts.connections;
    const reversed = hostsTable({ 'rebind.test': [['127.0.0.2'], ['127.0.0.1']] });
    await expect(
      guardedFetch(`http://rebind.test:${secret.port}/`, { allowHosts: [`127.0.0.1:${secret.port}`], lookup: reversed.lookup }),
    ).rejects.toThrow('rebind.test resolves to 127.0.0.2, not a public address (loopback)');
    expect(reversed.asked).toEqual(['rebind.test']);
    expect(secret.counts.connections).toBe(before);
  });

  it('refuses a name when any of its addresses is private, before connecting to any', async () => {
    const hosts = hostsTable(HOSTS);
    const attempts = watchConnectionAttempts();
    await expect(guardedFetch(`http://public-then-private.test:${secret.port}/`, { lookup: hosts.lookup })).rejects.toThrow(
      'public-then-private.test resolves to 127.0.0.1, not a public address (loopback)',
    );
    expect(hosts.asked).toEqual(['public-then-private.test']);
    expect(attempts).toEqual([]);
  });

  it('looks up no name for an IP literal and no name under localhost', async () => {
    const hosts = hostsTable(HOSTS);
    await expect(guardedFetch(`http://0x7f000001:${secret.port}/`, { lookup: hosts.lookup })).rejects.toThrow(
      '127.0.0.1 is not a public address (loopback)',
    );
    await expect(guardedFetch(`http://Sub.LOCALHOST.:${secret.port}/`, { lookup: hosts.lookup })).rejects.toThrow(
      'sub.localhost. names this machine (localhost)',
    );
    expect(hosts.asked).toEqual([]);
  });
});

describe('a guarded fetch', () => {
  let site: Awaited<ReturnType<typeof loopbackServer>>;
  const allowed = () => ({ allowHosts: [`127.0.0.1:${site.port}`] });

  beforeAll(async () => {
    site = await loopbackServer((path, res) => {
      if (path === '/big') res.end('x'.repeat(1_000_000));
      else if (path === '/slow') res.writeHead(200).write('start');
      else if (path === '/bad-redirect') res.writeHead(302, { location: 'http://[' }).end();
      else if (path.startsWith('/chain/')) {
        const left = Number(path.slice('/chain/'.length));
        res.writeHead(left > 0 ? 307 : 200, left > 0 ? { location: `/chain/${left - 1}` } : { 'content-type': 'text/plain' });
        res.end(left > 0 ? '' : 'end of the chain');
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end('<p>page</p>');
      }
    });
  });
  afterAll(() => site.close());

  it('answers the status, the content type and the body of an allowed site', async () => {
    const page = await guardedFetch(`${site.origin}/page`, allowed());
    expect(page).toEqual({ status: 200, contentType: 'text/html; charset=UTF-8', body: '<p>page</p>' });
  });

  it('follows at most 5 redirects, each checked', async () => {
    const five = await guardedFetch(`${site.origin}/chain/5`, allowed());
    expect(five.body).toBe('end of the chain');
    await expect(guardedFetch(`${site.origin}/chain/6`, allowed())).rejects.toThrow('more than 5 redirects');
    await expect(guardedFetch(`${site.origin}/chain/2`, { ...allowed(), maxRedirects: 1 })).rejects.toThrow(
      'more than 1 redirects',
    );
  });

  it('rejects a redirect to something that is not a URL', async () => {
    await expect(guardedFetch(`${site.origin}/bad-redirect`, allowed())).rejects.toThrow(
      `${site.origin}/bad-redirect redirected to http://[, which is not a URL`,
    );
  });

  it('reads at most maxBytes of an answer', async () => {
    expect((await guardedFetch(`${site.origin}/big`, allowed())).body).toHaveLength(153_600);
    expect((await guardedFetch(`${site.origin}/big`, { ...allowed(), maxBytes: 1000 })).body).toHaveLength(1000);
  });

  it('gives up on an answer that does not end within the time limit', async () => {
    await expect(guardedFetch(`${site.origin}/slow`, { ...allowed(), timeoutMs: 100 })).rejects.toThrow(
      'no answer within 100 ms',
    );
  });

  it('allows exactly the endpoints of the test option: the same address on another port stays refused', async () => {
    await expect(guardedFetch(`http://127.0.0.1:${site.port + 1}/`, allowed())).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(guardedFetch(`http://127.0.0.2:${site.port}/`, allowed())).rejects.toBeInstanceOf(FetchRefusedError);
  });

  it.each(['localhost:80', '127.0.0.0/8:80', '127.0.0.1', '::1:80', 'example.com:443'])(
    'refuses the test option entry %s, which is not one address and one port',
    async (entry) => {
      await expect(guardedFetch('http://example.com/', { allowHosts: [entry] })).rejects.toThrow(TypeError);
    },
  );

  it.each([
    'file:///etc/passwd',
    'gopher://example.com/',
    'ftp://example.com/',
    'data:text/plain,x',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s before any request', async (url) => {
    await expect(guardedFetch(url)).rejects.toBeInstanceOf(FetchRefusedError);
  });
});
