/**
 * The data: one SQLite file created with the plugin's own migration and store and seeded
 * with {@link SEED_LINKS} links, then one copy per server so a server's writes (the create
 * case) never reach another.
 *
 * @module
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, runMigrations } from '@cms-json/database';
import { migrations, OutgoingLinksStore, type OutgoingLinksTables } from '@cms-json/example-outgoing-links';
import { SEED_LINKS } from './shared/constants.js';

/** The temporary data directory. */
export interface Seeded {
  readonly dir: string;
  /** A fresh copy of the seeded file for one server. */
  copyFor(name: string): string;
  /** Removes the directory. */
  remove(): void;
}

/** Creates and seeds the database in a new temporary directory. */
/** Migrates the database at `url` and adds the {@link SEED_LINKS} links every server reads, then closes it. */
export async function seedLinks(url: string): Promise<void> {
  const database = openDatabase<OutgoingLinksTables>({ url });
  try {
    await runMigrations(database.db, { owner: 'tel', migrations });
    const store = new OutgoingLinksStore(database.db);
    for (let i = 1; i <= SEED_LINKS; i++) {
      await store.insert({ title: `Link ${i}`, slug: `link${i}`, link: `https://example.com/page/${i}` });
    }
  } finally {
    await database.close();
  }
}

export async function seed(): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-json-bench-'));
  const master = join(dir, 'seed.db');
  // Closing checkpoints the WAL into the main file, so a plain copy is complete.
  await seedLinks(`sqlite:${master}`);
  return {
    dir,
    copyFor(name) {
      const file = join(dir, `${name}.db`);
      copyFileSync(master, file);
      return file;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
