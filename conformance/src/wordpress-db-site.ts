/**
 * The cms-json side of the conformance run on a WordPress database: `@cms-json/wordpress-db`'s
 * `wordpressSite` serving a fresh copy of the fixture database WordPress 6.1 wrote
 * (`packages/wordpress-db/fixtures/`), with the books example the original has as a plugin,
 * listening on 127.0.0.1. The site's links come from the database's `home` option
 * (`http://127.0.0.1:8081`, the original's address), whatever port it listens on.
 *
 * @module
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { books } from '@cms-json/example-books';
import { serve } from '@cms-json/node';
import { wordpressSite } from '@cms-json/wordpress-db';
import { openFixtureDatabase } from '@cms-json/wordpress-db/testing';
import type { Target } from './send.js';
import { freePort } from './site.js';

/** A running cms-json site over a fixture copy. */
export interface WordPressDbSite extends Target {
  /** The site's own address, as its links give it (the database's `home` option); marked `{origin}`. */
  readonly siteUrl: string;
  /** The database copy it serves, `mysql://user:password@host:port/<name>` on the test server. */
  readonly databaseUrl: string;
  /** Stops the server and drops the database copy. */
  close(): Promise<void>;
}

/** The attachment files of the fixture, as under WordPress's `wp-content/uploads/`. */
export const FIXTURE_UPLOADS = fileURLToPath(new URL('../../packages/wordpress-db/fixtures/uploads', import.meta.url));

/**
 * Starts cms-json on a fresh copy of the fixture database on the test MariaDB `serverUrl`.
 *
 * @example
 * const site = await startWordPressDbSite({ serverUrl: inject('mysqlUrl') });
 * await fetch(`${site.origin}${site.restRoot}/wp/v2/posts`);
 * await site.close();
 */
export async function startWordPressDbSite(options: { serverUrl: string }): Promise<WordPressDbSite> {
  const wordpress = await openFixtureDatabase({ serverUrl: options.serverUrl });
  // A copy of the fixture's uploads: a write never touches the committed files.
  const uploads = mkdtempSync(join(tmpdir(), 'cms-wordpress-db-uploads-'));
  cpSync(FIXTURE_UPLOADS, uploads, { recursive: true });
  let closeSite: (() => Promise<void>) | undefined;
  try {
    const site = await wordpressSite({
      wordpress,
      uploads,
      secret: 'conformance-wordpress-db-secret-0123456789',
      // The original has the specification's books example as a must-use plugin.
      plugins: [books()],
      taxonomyObjectTypes: { genre: ['book'] },
    });
    closeSite = () => site.close();
    const port = await freePort();
    const listening = await serve({ server: site.server, port, host: '127.0.0.1' });
    return {
      origin: `http://127.0.0.1:${port}`,
      restRoot: '/wp-json',
      siteUrl: site.siteUrl,
      databaseUrl: new URL(`/${wordpress.name}`, options.serverUrl).href,
      close: async () => {
        await listening.close();
        await site.close();
        await wordpress.close();
        rmSync(uploads, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await closeSite?.();
    await wordpress.close();
    rmSync(uploads, { recursive: true, force: true });
    throw error;
  }
}
