/**
 * Records what WordPress 6.1 stores for each value of a table of `/settings` writes
 * (`sanitize_option` and the REST schema's checks), into `sanitized-settings.json` beside
 * this file; `sanitize-option.test.ts` sends the same writes to cms-json and compares.
 * No test runs this: it needs the running original.
 *
 *   npx tsx packages/content/test/settings/record-sanitized-settings.ts [--origin http://127.0.0.1:8081]
 *
 * Writes as the original's administrator, one write at a time, putting the setting back
 * to the value it read first after each. `url` (`siteurl`) is only sent values the
 * original refuses to store: a stored one would move the whole site.
 *
 * @module
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** One write of the table: the setting, the value sent, and what the original answered and kept. */
export interface RecordedSettingWrite {
  readonly setting: string;
  readonly sent: unknown;
  /** The status of the `POST`. */
  readonly status: number;
  /** The error code, when refused. */
  readonly code?: string;
  /** The setting's value read back after the write. */
  readonly stored: unknown;
  /** Whether the site kept the value it had (a refused write, or one `sanitize_option` turned down). */
  readonly kept: boolean;
}

const HOSTILE = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '<b>bold</b> & <i>it</i>'];

/** The writes, in the order they are sent; each setting is put back before the next setting. */
export const WRITES: readonly (readonly [string, unknown])[] = [
  ...[
    ...HOSTILE,
    'Tom & Jerry\'s "shop"',
    '&amp; &lt;b&gt; &#39;',
    'a < b > c',
    'café 😀',
    '  spaced  ',
    'javascript:alert(1)',
  ].flatMap((value) => [['title', value] as const, ['description', value] as const]),
  ...[
    'admin@example.test',
    ' Admin@Example.test ',
    'not-an-email',
    'a<script>@example.test',
    'a@b',
    'x@example.test<script>',
  ].map((value) => ['email', value] as const),
  ...[...HOSTILE, 'Y-m-d & H:i', 'a < b', '\\T\\o\\d\\a\\y l', '<a href="javascript:alert(1)">F</a> j'].flatMap((value) => [
    ['date_format', value] as const,
    ['time_format', value] as const,
  ]),
  ...['Europe/Paris', 'UTC', 'Mars/Olympus', '<script>alert(1)</script>', ''].map((value) => ['timezone', value] as const),
  ...[3, -3, 0, 9].map((value) => ['start_of_week', value] as const),
  ...[1, -5, 0].map((value) => ['default_category', value] as const),
  ...[5, 0, -5, -1, -2].map((value) => ['posts_per_page', value] as const),
  ...[-2, 0].flatMap((value) => [['page_on_front', value] as const, ['page_for_posts', value] as const]),
  ...[-4].map((value) => ['site_icon', value] as const),
  ...['closed', 'open', '', '<script>'].flatMap((value) => [
    ['default_ping_status', value] as const,
    ['default_comment_status', value] as const,
  ]),
  ...['aside', '<script>alert(1)</script>'].map((value) => ['default_post_format', value] as const),
  ...['page', 'posts', '<script>alert(1)</script>'].map((value) => ['show_on_front', value] as const),
  ...['fr_FR', '<script>alert(1)</script>', 'en_US'].map((value) => ['language', value] as const),
  ...[false, true].map((value) => ['use_smilies', value] as const),
  ...['javascript:alert(1)'].map((value) => ['url', value] as const),
];

async function record(origin: string): Promise<RecordedSettingWrite[]> {
  const authorization = `Basic ${Buffer.from('admin:oracleadminapppassword01').toString('base64')}`;
  const url = `${origin}/wp-json/wp/v2/settings`;
  const call = async (body?: Record<string, unknown>) => {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const before = (await call()).body;
  const recorded: RecordedSettingWrite[] = [];
  for (const [setting, sent] of WRITES) {
    const answer = await call({ [setting]: sent });
    const stored = answer.status === 200 ? answer.body[setting] : (await call()).body[setting];
    recorded.push({
      setting,
      sent,
      status: answer.status,
      ...(answer.status === 200 ? {} : { code: String(answer.body.code) }),
      stored,
      kept: stored === before[setting] && stored !== sent,
    });
    // Put back before the next write, so each write starts from the site's own value.
    const back = await call({ [setting]: before[setting] });
    if (back.body[setting] !== before[setting]) throw new Error(`${setting} was not put back: ${JSON.stringify(back.body)}`);
  }
  return recorded;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  const { values } = parseArgs({ options: { origin: { type: 'string', default: 'http://127.0.0.1:8081' } } });
  const recorded = await record(String(values.origin).replace(/\/+$/, ''));
  const path = join(import.meta.dirname, 'sanitized-settings.json');
  writeFileSync(path, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`recorded ${recorded.length} settings writes into ${path}`);
}
