import { DEFAULT_OPTIONS } from '@cms-json/content';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { deleteOption, getOption, setOption } from '../wordpress-options.js';
import { WordPressOptionsStore } from './options-store.js';

const serverUrl = inject('mysqlUrl');

/** The text WordPress's options table holds for an option. */
async function raw(wordpress: WordPressDatabase, name: string): Promise<string | undefined> {
  const row = await wordpress.database.db
    .selectFrom('options')
    .select('option_value')
    .where('option_name', '=', name)
    .executeTakeFirst();
  return row?.option_value;
}

describe.skipIf(serverUrl === '')('the options store over WordPress options', () => {
  let wordpress: WordPressDatabase;
  let options: WordPressOptionsStore;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    // No cache: these tests change options behind the store (as WordPress's PHP would) and read at once.
    options = new WordPressOptionsStore(wordpress, { cache: { ttlMs: 0 } });
  });
  afterAll(() => wordpress.close());

  it('reads the settings WordPress stored, under their WordPress names, typed', async () => {
    expect(await options.get('title')).toBe('CMS Oracle');
    expect(await options.get('description')).toBe('Reference WordPress for the Content Site REST Interface');
    expect(await options.get('url')).toBe('http://127.0.0.1:8081');
    expect(await options.get('email')).toBe('admin@example.test');
    expect(await options.get('timezone')).toBe('UTC');
    // The fixture's empty timezone_string, shown as WordPress shows it.
    expect(await options.shownTimezone()).toEqual({ timezoneString: '', gmtOffset: '0' });
    expect(await options.get('sticky_posts')).toEqual(expect.arrayContaining([6]));
    expect(await options.get('permalink_structure')).toBe('/%postname%/');
    expect(await options.get('start_of_week')).toBe(1);
    expect(await options.get('language')).toBe('en_US');
    expect(await options.get('use_smilies')).toBe(true);
    expect(await options.get('comment_moderation')).toBe(false);
    expect(await options.get('posts_per_page')).toBe(10);
    expect(await options.get('default_comment_status')).toBe('open');
    expect(await options.get('show_on_front')).toBe('posts');
  });

  it('reads many at once, leaving out what the site does not have', async () => {
    const found = await options.findMany(['title', 'posts_per_page', 'allow_anonymous_comments', 'timezone']);
    expect(found).toEqual({ title: 'CMS Oracle', posts_per_page: 10, timezone: 'UTC' });
    expect(await options.find('allow_anonymous_comments')).toBeUndefined();
    expect(await options.get('allow_anonymous_comments')).toBe(DEFAULT_OPTIONS.allow_anonymous_comments);
  });

  it('writes each type as WordPress stores it', async () => {
    await options.set('title', 'Renamed');
    await options.set('posts_per_page', 5);
    await options.set('use_smilies', false);
    await options.set('comment_moderation', true);
    await options.set('language', 'fr_FR');
    expect(await raw(wordpress, 'blogname')).toBe('Renamed');
    expect(await raw(wordpress, 'posts_per_page')).toBe('5');
    expect(await raw(wordpress, 'use_smilies')).toBe('');
    expect(await raw(wordpress, 'comment_moderation')).toBe('1');
    expect(await raw(wordpress, 'WPLANG')).toBe('fr_FR');
    expect(await options.get('use_smilies')).toBe(false);
    await options.set('language', 'en_US');
    expect(await raw(wordpress, 'WPLANG')).toBe('');
    expect(await options.get('language')).toBe('en_US');
  });

  it('keeps the sticky posts a PHP-serialized list and changes it under a lock', async () => {
    const before = await options.get('sticky_posts');
    await Promise.all([
      options.change('sticky_posts', (ids) => [...ids, 101]),
      options.change('sticky_posts', (ids) => [...ids, 102]),
    ]);
    const after = await options.get('sticky_posts');
    expect(after.slice(0, before.length)).toEqual(before);
    expect([...after.slice(before.length)].sort()).toEqual([101, 102]);
    expect(await getOption(wordpress.database, 'sticky_posts')).toEqual(after);
    expect(await raw(wordpress, 'sticky_posts')).toMatch(/^a:\d+:\{i:0;i:\d+;/);
    await options.set('sticky_posts', before);
  });

  it('maps a site with only a UTC offset to a fixed-offset zone, and writes zones back as WordPress does', async () => {
    await setOption(wordpress.database, 'timezone_string', '');
    await setOption(wordpress.database, 'gmt_offset', '2');
    expect(await options.get('timezone')).toBe('Etc/GMT-2');
    // The answers name it as WordPress does: no city, the stored offset.
    expect(await options.shownTimezone()).toEqual({ timezoneString: '', gmtOffset: '2' });
    await options.set('timezone', 'Europe/Paris');
    expect(await raw(wordpress, 'timezone_string')).toBe('Europe/Paris');
    expect(await options.get('timezone')).toBe('Europe/Paris');
    expect((await options.shownTimezone())?.timezoneString).toBe('Europe/Paris');
    await options.set('timezone', 'Etc/GMT+3');
    expect(await raw(wordpress, 'timezone_string')).toBe('');
    expect(await raw(wordpress, 'gmt_offset')).toBe('-3');
    await options.set('timezone', 'UTC');
  });

  it('reads what does not convert as never set, and a missing option as its default', async () => {
    await setOption(wordpress.database, 'show_on_front', 'nonsense');
    expect(await options.find('show_on_front')).toBeUndefined();
    expect(await options.get('show_on_front')).toBe('posts');
    await deleteOption(wordpress.database, 'date_format');
    expect(await options.get('date_format')).toBe(DEFAULT_OPTIONS.date_format);
    await wordpress.database.db
      .updateTable('options')
      .set({ option_value: 'a:2:{i:0;s:1:"7";i:1;s:3:"bad";}' })
      .where('option_name', '=', 'sticky_posts')
      .execute();
    expect(await options.get('sticky_posts')).toEqual([7]);
  });

  it('keeps cms-json’s own setting in an option WordPress ignores, and forgets it', async () => {
    await options.set('allow_anonymous_comments', true);
    expect(await raw(wordpress, 'cms_json_allow_anonymous_comments')).toBe('1');
    await options.delete('allow_anonymous_comments');
    expect(await raw(wordpress, 'cms_json_allow_anonymous_comments')).toBeUndefined();
  });

  it('forgets a WordPress option by setting back its installed value, and never empties the site address', async () => {
    await options.set('posts_per_page', 3);
    await options.delete('posts_per_page');
    expect(await raw(wordpress, 'posts_per_page')).toBe('10');
    await options.delete('url');
    expect(await raw(wordpress, 'siteurl')).toBe('http://127.0.0.1:8081');
  });

  it('deletes the logo option when the logo is removed, as WordPress does', async () => {
    await options.set('site_logo', 12);
    expect(await raw(wordpress, 'site_logo')).toBe('12');
    expect(await options.get('site_logo')).toBe(12);
    await options.set('site_logo', null);
    expect(await raw(wordpress, 'site_logo')).toBeUndefined();
    expect(await options.get('site_logo')).toBeNull();
  });
});

describe.skipIf(serverUrl === '')('the options store’s one-second cache', () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  it('sees a change made behind it (by WordPress) within its TTL, never later', async () => {
    let now = 0;
    const options = new WordPressOptionsStore(wordpress, { cache: { now: () => now } });
    expect(await options.get('title')).toBe('CMS Oracle');
    await setOption(wordpress.database, 'blogname', 'Changed by WordPress');
    now += 999;
    expect(await options.get('title')).toBe('CMS Oracle');
    now += 1;
    expect(await options.get('title')).toBe('Changed by WordPress');
    await setOption(wordpress.database, 'blogname', 'CMS Oracle');
  });

  it('shows its own writes at once, inside their transaction too, and nothing of a rolled-back one', async () => {
    const now = 0;
    const options = new WordPressOptionsStore(wordpress, { cache: { now: () => now } });
    expect(await options.get('posts_per_page')).toBe(10);
    await options.set('posts_per_page', 7);
    expect(await options.get('posts_per_page')).toBe(7);
    const failed = wordpress.database.transaction(async () => {
      await options.set('posts_per_page', 3);
      expect(await options.get('posts_per_page')).toBe(3);
      throw new Error('the write fails');
    });
    await expect(failed).rejects.toThrow('the write fails');
    expect(await options.get('posts_per_page')).toBe(7);
    await options.change('sticky_posts', (ids) => [...ids, 5]);
    expect(await options.get('sticky_posts')).toContain(5);
    await options.delete('posts_per_page');
    expect(await options.get('posts_per_page')).toBe(10);
  });
});
