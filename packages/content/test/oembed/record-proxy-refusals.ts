/**
 * Records what WordPress 6.1's `/oembed/1.0/proxy` answers for URLs that lead to this machine
 * or its network, into `proxy-refusals.json` beside this file; `remote-fetch.test.ts` sends
 * the same URLs to cms-json and compares. No test runs this: it needs the running original.
 *
 *   npx tsx packages/content/test/oembed/record-proxy-refusals.ts [--origin http://127.0.0.1:8081]
 *
 * Sent as the original's `author` (who may `edit_posts`). Only URLs the original's
 * `wp_http_validate_url` refuses before connecting are in the table, so recording sends no
 * packet anywhere but to the original itself.
 *
 * @module
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** One proxied URL and the original's answer. */
export interface RecordedProxyRefusal {
  readonly url: string;
  readonly status: number;
  readonly body: unknown;
}

/** The URLs, each refused by the original without a connection (loopback, `0/8`, `10/8`, `192.168/16`, brackets, schemes). */
export const REFUSED_URLS: readonly string[] = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0/',
  'http://0.0.0.0/',
  'http://localhost/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://10.0.0.1/',
  'http://192.168.0.1/',
  'file:///etc/passwd',
  'gopher://127.0.0.1/',
];

async function record(origin: string): Promise<RecordedProxyRefusal[]> {
  const authorization = `Basic ${Buffer.from('author:oracleauthorapppasswd001').toString('base64')}`;
  const recorded: RecordedProxyRefusal[] = [];
  for (const url of REFUSED_URLS) {
    const res = await fetch(`${origin}/wp-json/oembed/1.0/proxy?url=${encodeURIComponent(url)}`, { headers: { authorization } });
    recorded.push({ url, status: res.status, body: await res.json() });
  }
  return recorded;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  const { values } = parseArgs({ options: { origin: { type: 'string', default: 'http://127.0.0.1:8081' } } });
  const recorded = await record(String(values.origin).replace(/\/+$/, ''));
  const path = join(import.meta.dirname, 'proxy-refusals.json');
  writeFileSync(path, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`recorded ${recorded.length} proxy answers into ${path}`);
}
