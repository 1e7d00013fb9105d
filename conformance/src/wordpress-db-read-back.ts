/**
 * Read-back through WordPress (a development aid, never a test or CI step): cms-json serves a
 * fresh fixture copy and makes the run's writes (`fixtureWrites`), then
 * `packages/wordpress-db/scripts/read-back.sh` loads that copy into the runnable original's
 * database, and WordPress 6.1's answers for the written records are compared with cms-json's
 * on the same rows: whatever differs is a row WordPress reads otherwise than cms-json wrote it.
 *
 *   npx tsx conformance/src/wordpress-db-read-back.ts     # as root, with the original running
 *
 * Uses the MariaDB named by `CMS_TEST_MYSQL_URL`, or starts a throwaway one. Leaves the
 * original holding the written data: re-seed it with `record-fixture.sh` afterwards.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareAnswers } from './compare.js';
import { describeDifference } from './replay.js';
import type { ConformanceRequest } from './request.js';
import { type SavedValues, saveValues, send, type WireAnswer } from './send.js';
import { markAnswer } from './volatile.js';
import { fixtureWrites } from './wordpress-db-requests.js';
import { startWordPressDbSite } from './wordpress-db-site.js';

/** The written records, read as the administrator (`{name}` is a record the writes made). */
export const READ_BACK_PATHS: readonly string[] = [
  '/wp/v2/posts/{post}?context=edit',
  '/wp/v2/posts/24?context=edit',
  '/wp/v2/posts/43?context=edit',
  '/wp/v2/posts?context=edit&per_page=100&status=publish,future,draft,pending,private,trash',
  '/wp/v2/comments/{comment}?context=edit',
  '/wp/v2/comments/15?context=edit',
  '/wp/v2/comments?post=4&context=edit&orderby=id&order=asc',
  '/wp/v2/media/42?context=edit',
  '/wp/v2/categories?per_page=100&context=edit',
  '/wp/v2/users?context=edit&per_page=100',
  '/wp/v2/settings',
];

const WORDPRESS = 'http://127.0.0.1:8081';
const script = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const fill = (path: string, saved: SavedValues) => path.replace(/\{(\w+)\}/g, (whole, name: string) => saved.get(name) ?? whole);

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  const mariadb = script('../../scripts/mariadb.sh');
  const env = { ...process.env, CMS_MARIADB_DIR: `${process.env.TMPDIR ?? '/tmp'}/cms-json-mariadb-read-back-${process.pid}` };
  const given = process.env.CMS_TEST_MYSQL_URL ?? '';
  const serverUrl = given !== '' ? given : execFileSync('bash', [mariadb, 'start'], { env, encoding: 'utf8' }).trim();
  const out = mkdtempSync(join(tmpdir(), 'cms-read-back-'));
  const tally = { paths: 0, same: 0 };
  try {
    const site = await startWordPressDbSite({ serverUrl });
    try {
      const saved: SavedValues = new Map();
      for (const request of fixtureWrites.requests) {
        const answer = await send(site, request, saved);
        saveValues(request, answer, saved);
        console.log(`cms-json ${request.method} ${request.path}: ${answer.status}`);
      }
      const paths = READ_BACK_PATHS.map((path) => fill(path, saved));
      execFileSync('bash', [script('../../packages/wordpress-db/scripts/read-back.sh'), site.databaseUrl, out, ...paths], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      for (const [index, path] of paths.entries()) {
        const request: ConformanceRequest = { name: `read-back-${index}`, method: 'GET', path, as: 'admin', about: 'read-back' };
        // The server may have closed the idle keep-alive connection while read-back.sh ran: ask again once.
        const ours = await send(site, request, saved).catch(() => send(site, request, saved));
        const status = Number(readFileSync(join(out, `${index + 1}.status`), 'utf8'));
        const theirs: WireAnswer = {
          status,
          headers: { 'content-type': 'application/json; charset=UTF-8' },
          text: readFileSync(join(out, `${index + 1}.json`), 'utf8'),
        };
        // Only the bodies are compared: the original's headers were not kept.
        const mark = (answer: WireAnswer, origin: string) => {
          const { status: code, body } = markAnswer(request, answer, { origin, saved });
          return { status: code, headers: {}, body };
        };
        const differences = compareAnswers(mark(theirs, WORDPRESS), mark(ours, site.siteUrl));
        tally.paths += 1;
        if (differences.length === 0) tally.same += 1;
        console.log(`${path}: ${differences.length === 0 ? 'same' : `${differences.length} differences`}`);
        for (const difference of differences.slice(0, 40)) {
          const line = describeDifference(difference);
          console.log(`  ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
        }
      }
    } finally {
      await site.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    if (given === '') execFileSync('bash', [mariadb, 'stop'], { env, stdio: 'ignore' });
  }
  console.log(
    `read-back: ${tally.same} of ${tally.paths} paths answered the same by WordPress and cms-json on the rows cms-json wrote`,
  );
}
