import { afterEach, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from './connection.js';
import { accountMayWrite, mayWrite } from './read-only.js';
import { openFixtureDatabase } from './testing.js';

const serverUrl = inject('mysqlUrl');

describe('whether a database account may write, from its grants', () => {
  it('counts ALL PRIVILEGES, or INSERT, UPDATE and DELETE together, on every database or on this one', () => {
    expect(mayWrite(['GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION'], 'wp')).toBe(true);
    expect(mayWrite(['GRANT USAGE ON *.* TO `wp`@`%`', 'GRANT ALL PRIVILEGES ON `wp`.* TO `wp`@`%`'], 'wp')).toBe(true);
    expect(mayWrite(['GRANT SELECT, INSERT, UPDATE, DELETE ON `wp`.* TO `wp`@`%`'], 'wp')).toBe(true);
    expect(mayWrite(['GRANT SELECT, INSERT, UPDATE, DELETE ON wp.* TO wp@localhost'], 'wp')).toBe(true);
  });

  it('reads SELECT only, a missing privilege, another database or table grants as read-only', () => {
    expect(mayWrite(['GRANT USAGE ON *.* TO `ro`@`%`', 'GRANT SELECT ON `wp`.* TO `ro`@`%`'], 'wp')).toBe(false);
    expect(mayWrite(['GRANT SELECT, INSERT, UPDATE ON `wp`.* TO `x`@`%`'], 'wp')).toBe(false);
    expect(mayWrite(['GRANT ALL PRIVILEGES ON `other`.* TO `x`@`%`'], 'wp')).toBe(false);
    expect(mayWrite(['GRANT ALL PRIVILEGES ON `wp`.`wp_posts` TO `x`@`%`'], 'wp')).toBe(false);
    expect(mayWrite([], 'wp')).toBe(false);
    expect(mayWrite(['not a grant'], 'wp')).toBe(false);
  });

  it('matches database name patterns as the server does (%, _ and escaped \\_)', () => {
    expect(mayWrite(['GRANT ALL PRIVILEGES ON `site\\_%`.* TO `x`@`%`'], 'site_blog')).toBe(true);
    expect(mayWrite(['GRANT ALL PRIVILEGES ON `site\\_%`.* TO `x`@`%`'], 'siteXblog')).toBe(false);
    expect(mayWrite(['GRANT ALL PRIVILEGES ON `w_`.* TO `x`@`%`'], 'wp')).toBe(true);
  });
});

describe.skipIf(serverUrl === '')('whether the connected account may write', () => {
  let wordpress: WordPressDatabase | undefined;
  afterEach(async () => {
    await wordpress?.close();
    wordpress = undefined;
  });

  it('says yes for the account that made the database', async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    expect(await accountMayWrite(wordpress)).toBe(true);
  });

  it('says no for an account granted SELECT only', async () => {
    wordpress = await openFixtureDatabase({ serverUrl, readOnlyUser: true });
    expect(await accountMayWrite(wordpress)).toBe(false);
  });
});
