/**
 * `/settings` stores what WordPress 6.1 stores: every write of the table recorded from the
 * original (`test/settings/sanitized-settings.json`, re-recorded by
 * `test/settings/record-sanitized-settings.ts`) is sent to cms-json as an administrator, in
 * the wp profile, and the stored value (or the refusal, or the value kept) compared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedSettingWrite } from '../../test/settings/record-sanitized-settings.js';
import { type ContentSite, contentSite } from '../../test/site.js';

const RECORDED: readonly RecordedSettingWrite[] = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../test/settings/sanitized-settings.json'), 'utf8'),
);

/**
 * Writes cms-json answers differently, stricter each time: dates are computed in the time
 * zone, so one it does not know is refused (400 `rest_invalid_param`) where the original
 * answers 200 and keeps its value.
 */
const STRICTER: readonly (readonly [string, unknown])[] = [
  ['timezone', 'Mars/Olympus'],
  ['timezone', '<script>alert(1)</script>'],
];

/**
 * Writes cms-json stores told another way: no city is the offset the original then uses, 0,
 * which cms-json names `UTC` (as a new site's time zone is named).
 */
const TOLD_ANOTHER_WAY: readonly (readonly [string, unknown, unknown])[] = [['timezone', '', 'UTC']];

describe('settings are stored as the original sanitize_option stores them', () => {
  let site: ContentSite;
  const admin = () => site.people.administrator.headers;
  const read = async () => (await site.client.get('/wp/v2/settings', { headers: admin() })).body as Record<string, unknown>;

  beforeAll(async () => {
    site = await contentSite({ prefix: 'wp' });
  });
  afterAll(async () => {
    await site.close();
  });

  it('has a recorded table covering every setting but the logo', () => {
    expect(RECORDED.length).toBeGreaterThan(70);
    expect(new Set(RECORDED.map((write) => write.setting)).size).toBe(19);
  });

  it('stores, keeps or refuses each recorded write as the original did', async () => {
    for (const write of RECORDED) {
      const label = `${write.setting} = ${JSON.stringify(write.sent)}`;
      const before = (await read())[write.setting];
      const res = await site.client.post('/wp/v2/settings', { body: { [write.setting]: write.sent }, headers: admin() });
      const stored = (await read())[write.setting];
      if (STRICTER.some(([setting, sent]) => setting === write.setting && sent === write.sent)) {
        expect(res.status, label).toBe(400);
        expect(res.body.code, label).toBe('rest_invalid_param');
        expect(stored, label).toBe(before);
        continue;
      }
      expect(res.status, label).toBe(write.status);
      if (write.code !== undefined) expect(res.body.code, label).toBe(write.code);
      const toldOtherwise = TOLD_ANOTHER_WAY.find(([setting, sent]) => setting === write.setting && sent === write.sent);
      if (write.kept) expect(stored, label).toBe(before);
      else expect(stored, label).toBe(toldOtherwise === undefined ? write.stored : toldOtherwise[2]);
      // Back to the site's own value, as the recording did.
      await site.client.post('/wp/v2/settings', { body: { [write.setting]: before }, headers: admin() });
    }
  });

  it('serves an escaped site title as the index name and the oEmbed provider name', async () => {
    await site.client.post('/wp/v2/settings', { body: { title: '<script>alert(1)</script>' }, headers: admin() });
    const index = await site.client.get('/');
    expect(index.body.name).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    await site.client.post('/wp/v2/settings', { body: { title: null }, headers: admin() });
  });
});
