/**
 * The permission matrix's cms-json site: the `wp` profile with the content plugin, the books
 * example, the authoring area and its block routes, the example site's record pages, and the type with custom capabilities
 * (`capped_item`, as the recording-only plugin `conformance/matrix/wordpress/matrix-types.php`
 * registers it in the original), on a fresh
 * test database, served on 127.0.0.1, with the administrator `admin` the seed signs in as.
 *
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browsable } from '@cms-json/browsable';
import {
  type ContentTables,
  contentPlugin,
  createAuth,
  DEFAULT_ROLES,
  diskFileStore,
  migrateContent,
  postTypes,
  type Roles,
} from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { openTestDatabase } from '@cms-json/database/testing';
import { editor } from '@cms-json/editor';
import { books } from '@cms-json/example-books';
import { recordPage } from '@cms-json/example-site';
import { serve } from '@cms-json/node';
import { openapi } from '@cms-json/openapi';
import type { Sender } from '../request.js';
import { SEEDED_CREDENTIALS, type Target } from '../send.js';
import { freePort } from '../site.js';

/** A running matrix site. */
export interface MatrixSite extends Target {
  /** The administrator the seed signs in as. */
  readonly admin: Sender;
  close(): Promise<void>;
}

/** The capped items' capabilities by role: the same table as the recording plugin's `matrix_capped_caps()`. */
const OWN = [
  'edit_capped_items',
  'edit_published_capped_items',
  'publish_capped_items',
  'delete_capped_items',
  'delete_published_capped_items',
];
const OTHERS = [
  'edit_others_capped_items',
  'delete_others_capped_items',
  'read_private_capped_items',
  'edit_private_capped_items',
  'delete_private_capped_items',
];

/** WordPress's roles with the capped items' capabilities granted as the recording plugin grants them. */
export const MATRIX_ROLES: Roles = {
  ...DEFAULT_ROLES,
  administrator: {
    ...DEFAULT_ROLES.administrator,
    capabilities: [...DEFAULT_ROLES.administrator.capabilities, ...OWN, ...OTHERS],
  },
  editor: { ...DEFAULT_ROLES.editor, capabilities: [...DEFAULT_ROLES.editor.capabilities, ...OWN, ...OTHERS] },
  author: { ...DEFAULT_ROLES.author, capabilities: [...DEFAULT_ROLES.author.capabilities, ...OWN] },
};

/** Starts the site; the matrix's users and records are seeded by {@link seedMatrix} through its API. */
export async function startMatrixSite(): Promise<MatrixSite> {
  const database = await openTestDatabase<ContentTables>();
  const uploads = mkdtempSync(join(tmpdir(), 'cms-matrix-uploads-'));
  try {
    await migrateContent(database);
    const port = await freePort();
    const target: Target = { origin: `http://127.0.0.1:${port}`, restRoot: '/wp-json' };
    const auth = createAuth({
      database,
      secret: 'permission-matrix-secret-0123456789',
      prefix: 'wp',
      roles: MATRIX_ROLES,
    });
    const server = createRestServer({ prefix: 'wp', siteUrl: target.origin, site: { name: 'Matrix', description: '' } });
    const media = { store: diskFileStore({ directory: uploads, urlPath: '/wp-content/uploads' }) };
    await server.use(contentPlugin({ auth, media }));
    // The OpenAPI document and the browsable API, which the core once served by itself.
    await server.use(openapi());
    await server.use(browsable());
    await server.use(books());
    // The authoring area and the block routes the editor reads (issue 36).
    await server.use(editor());
    postTypes(server).register('capped_item', {
      label: 'Capped items',
      public: true,
      showInRest: true,
      restBase: 'capped-items',
      capabilityType: ['capped_item', 'capped_items'],
      supports: ['title', 'editor', 'author', 'revisions'],
    });
    const [login, password] = SEEDED_CREDENTIALS.admin;
    const user = await auth.users.create({
      login,
      email: `${login}@example.test`,
      password: `${login}-account-password`,
      roles: ['administrator'],
    });
    await auth.applicationPasswords.create(user.id, { name: 'matrix-bootstrap', password });
    // The example site's page of each record at its permalink: the matrix's "permalink page" way.
    server.page(
      recordPage({
        server,
        auth,
        restRootUrl: server.restRootUrl(),
        curieBase: server.options.curieBase,
        siteUrl: target.origin,
      }),
    );
    const listening = await serve({ server, port, host: '127.0.0.1' });
    const close = async () => {
      await listening.close();
      await database.close();
      rmSync(uploads, { recursive: true, force: true });
    };
    return { ...target, admin: 'admin', close };
  } catch (error) {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
    throw error;
  }
}
