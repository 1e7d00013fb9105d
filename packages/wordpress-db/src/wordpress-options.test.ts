import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from './connection.js';
import { openFixtureDatabase } from './testing.js';
import { deleteOption, getOption, getOptions, setOption } from './wordpress-options.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("WordPress's options", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  it('reads the options WordPress wrote, serialized ones as values', async () => {
    const { database } = wordpress;
    expect(await getOption(database, 'blogname')).toBe('CMS Oracle');
    const roles = await getOption(database, 'wp_user_roles');
    expect(roles).toMatchObject({ administrator: { name: 'Administrator', capabilities: { manage_options: true } } });
    expect(await getOption(database, 'no_such_option')).toBeUndefined();
    expect(await getOptions(database, ['home', 'siteurl', 'no_such_option'])).toEqual({
      home: 'http://127.0.0.1:8081',
      siteurl: 'http://127.0.0.1:8081',
    });
  });

  it('writes as update_option: serialized values, new rows autoloaded, the same value twice is no error', async () => {
    const { database } = wordpress;
    await setOption(database, 'sticky_posts', [4, 9]);
    await setOption(database, 'sticky_posts', [4, 9]);
    const row = await database.db
      .selectFrom('options')
      .select(['option_value'])
      .where('option_name', '=', 'sticky_posts')
      .execute();
    expect(row).toEqual([{ option_value: 'a:2:{i:0;i:4;i:1;i:9;}' }]);
    await setOption(database, 'cms_json_test', 'yes');
    expect(await getOption(database, 'cms_json_test')).toBe('yes');
    await deleteOption(database, 'cms_json_test');
    expect(await getOption(database, 'cms_json_test')).toBeUndefined();
  });
});
