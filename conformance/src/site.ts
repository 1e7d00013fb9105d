/**
 * The cms-json side of the suite: a site in the `wp` profile (the content and `tel/v1`
 * plugins, the books example and the authoring area with its block routes, on a fresh test database), served on 127.0.0.1, with the original's seeded users
 * brought in through cms-json's own API.
 *
 * @module
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browsable } from '@cms-json/browsable';
import { type ContentTables, contentPlugin, createAuth, diskFileStore, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { openTestDatabase } from '@cms-json/database/testing';
import { editor } from '@cms-json/editor';
import { books } from '@cms-json/example-books';
import { type OutgoingLinksTables, outgoingLinks } from '@cms-json/example-outgoing-links';
import { serve } from '@cms-json/node';
import { openapi } from '@cms-json/openapi';
import { originalTheme } from './original-theme.js';
import { seedContent } from './seed-content.js';
import { SEEDED_CREDENTIALS, send, type Target } from './send.js';

/** A running conformance site. */
export interface ConformanceSite extends Target {
  close(): Promise<void>;
}

/** The original's site title and tagline (its seed). */
const SITE = { name: 'CMS Oracle', description: 'Reference WordPress for the Content Site REST Interface' };

/** The original's seeded users (its `php/seed.php`), as the users endpoint takes them. */
const SEEDED_USERS = {
  admin: {
    name: 'Oracle Admin',
    nickname: 'oracle-admin',
    first_name: 'Oracle',
    last_name: 'Admin',
    description: 'Administrator of the reference site.',
    url: 'https://example.com/admin',
  },
  author: {
    name: 'Ada Author',
    nickname: 'ada',
    first_name: 'Ada',
    last_name: 'Author',
    description: 'Writes most of the posts.',
    url: 'https://example.com/ada',
  },
} as const;

/** Their registration dates. */
const REGISTERED = { admin: '2023-01-01T00:00:00Z', author: '2023-01-02T00:00:00Z' } as const;

/** A profile update as the administrator, sent as the suite sends its requests. */
async function update(target: Target, id: number, body: unknown): Promise<void> {
  const path = `/wp/v2/users/${id}`;
  const answer = await send(target, { name: 'seed', method: 'POST', path, as: 'admin', body, about: 'seed' }, new Map());
  if (answer.status !== 200) throw new Error(`seeding POST ${path} failed: ${answer.status} ${answer.text}`);
}

/** A port free on 127.0.0.1 now (the site's URL must be known before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the site and seeds it: each user as an administrator moving a site over makes it
 * (the store, as the `cms-json` CLI does: login, email, role, registration date and an
 * application password with a known value), then the profile fields through the REST API
 * as the administrator.
 */
export async function startConformanceSite(): Promise<ConformanceSite> {
  const database = await openTestDatabase<ContentTables & OutgoingLinksTables>();
  try {
    await migrateContent(database);
    const port = await freePort();
    const target: Target = { origin: `http://127.0.0.1:${port}`, restRoot: '/wp-json' };
    const auth = createAuth({ database: database, secret: 'conformance-suite-secret-0123456789', prefix: 'wp' });
    const server = createRestServer({ prefix: 'wp', siteUrl: target.origin, site: SITE });
    // The original registers tel/v1 before the core's wp/v2: its index lists it first.
    await server.use(outgoingLinks({ database: database, clickCounter: false }));
    // Uploads go to a folder of this run's own, removed when it closes.
    const uploads = mkdtempSync(join(tmpdir(), 'cms-conformance-uploads-'));
    const media = { store: diskFileStore({ directory: uploads, urlPath: '/wp-content/uploads' }) };
    // The original's theme, as the block editor reads it (cms-json renders none).
    await server.use(contentPlugin({ auth, media, theme: originalTheme(target.origin) }));
    // The OpenAPI document and the browsable API, which the core once served by itself.
    await server.use(openapi());
    await server.use(browsable());
    // The original has the specification's books example: book, book-author and genre.
    await server.use(books());
    // The authoring area (/wp-admin/) with the block routes the editor reads (issue 36).
    await server.use(editor());
    const listening = await serve({ server, port, host: '127.0.0.1' });
    const close = async () => {
      await listening.close();
      await database.close();
      rmSync(uploads, { recursive: true, force: true });
    };
    try {
      for (const [role, profile] of Object.entries(SEEDED_USERS)) {
        const [login, password] = SEEDED_CREDENTIALS[role as keyof typeof SEEDED_USERS];
        const user = await auth.users.create({
          login,
          email: `${login}@example.test`,
          password: `${login}-account-password`,
          roles: [role === 'admin' ? 'administrator' : role],
          registered: REGISTERED[role as keyof typeof SEEDED_USERS],
        });
        await auth.applicationPasswords.create(user.id, { name: 'oracle', password });
        await update(target, user.id, profile);
      }
      await seedContent(target, database);
      return { ...target, close };
    } catch (error) {
      await close();
      throw error;
    }
  } catch (error) {
    await database.close();
    throw error;
  }
}
