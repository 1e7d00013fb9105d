/**
 * `WordPressApplicationPasswordStore`: content's `ApplicationPasswordStore` over the
 * `_application_passwords` user meta, a PHP-serialized list of
 * `{ uuid, app_id, name, password, created, last_used, last_ip }` (the password a phpass
 * hash, times in seconds since the epoch), read and written as WordPress 6.1's
 * `WP_Application_Passwords` does, so WordPress itself accepts the passwords made here and
 * this store the ones WordPress made.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import {
  type ApplicationPassword,
  type ApplicationPasswordStore,
  contentError,
  formatApplicationPassword,
  generateApplicationPassword,
  type NewApplicationPassword,
  type NewApplicationPasswordInput,
  verifyWordPressHash,
} from '@cms-json/content';
import type { Database } from '@cms-json/database';
import type { WordPressDatabase } from '../connection.js';
import { maybeSerialize, maybeUnserialize, type PhpValue } from '../php-serialized.js';
import type { WordPressTables } from '../tables.js';
import { updateUserMeta, userMetaValue } from '../users/usermeta.js';
import { getOption, setOption } from '../wordpress-options.js';
import { hashWordPressPassword } from './phpass.js';

/** The user meta key of a user's application passwords. */
export const APPLICATION_PASSWORDS_META_KEY = '_application_passwords';
/** The option WordPress sets once any application password exists. */
const IN_USE_OPTION = 'using_application_passwords';
/** Usage is recorded at most once a day, as WordPress does. */
const USAGE_INTERVAL_SECONDS = 24 * 60 * 60;
const LENGTH = 24;

/**
 * Options of {@link WordPressApplicationPasswordStore}.
 *
 * @example
 * const options: WordPressApplicationPasswordStoreOptions = { readOnly: true };
 */
export interface WordPressApplicationPasswordStoreOptions {
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** A read-only site: `verify` records no usage (no write at all). @default false */
  readOnly?: boolean | undefined;
}

/** One stored item, as WordPress keeps it. */
interface Item {
  uuid: string;
  app_id: string;
  name: string;
  password: string;
  created: number;
  last_used: number | null;
  last_ip: string | null;
}

/** The stored items with their PHP array keys (WordPress's `unset` leaves gaps). */
type Entries = [string, { [key: string]: PhpValue }][];

/** An item's fields from a stored map; `undefined` for one without a uuid or hash. */
function itemOf(value: { [key: string]: PhpValue }): Item | undefined {
  const { uuid, password } = value;
  if (typeof uuid !== 'string' || uuid === '' || typeof password !== 'string' || password === '') return undefined;
  const number = (field: PhpValue | undefined): number | null =>
    typeof field === 'number' ? field : typeof field === 'string' && /^\d+$/.test(field) ? Number(field) : null;
  return {
    uuid,
    app_id: typeof value.app_id === 'string' ? value.app_id : '',
    name: typeof value.name === 'string' ? value.name : '',
    password,
    created: number(value.created) ?? 0,
    last_used: number(value.last_used),
    last_ip: typeof value.last_ip === 'string' ? value.last_ip : null,
  };
}

/** The listed form of an item. */
function toApplicationPassword(userId: number, item: Item): ApplicationPassword {
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  return {
    uuid: item.uuid,
    appId: item.app_id,
    userId,
    name: item.name,
    created: iso(item.created),
    lastUsed: item.last_used === null ? null : iso(item.last_used),
    lastIp: item.last_ip,
  };
}

/** A stored text as its entries (a list, or a map left with gaps by a deletion); none when malformed. */
function entriesOf(stored: string | undefined): Entries {
  const value = maybeUnserialize(stored ?? '');
  if (value === null || typeof value !== 'object') return [];
  const pairs: [string, PhpValue][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return pairs.filter((pair): pair is [string, { [key: string]: PhpValue }] => {
    const item = pair[1];
    return item !== null && typeof item === 'object' && !Array.isArray(item);
  });
}

/** Entries as PHP stores them: a list when the keys are 0…n-1, else a map with those keys. */
function serializeEntries(entries: Entries): string {
  const sequential = entries.every(([key], index) => key === String(index));
  if (sequential) return maybeSerialize(entries.map(([, item]) => item));
  // Integer keys written as PHP writes them (`i:1;`), not as the strings a JavaScript map has.
  const body = entries.map(
    ([key, item]) =>
      `${/^(0|[1-9]\d{0,15})$/.test(key) ? `i:${key};` : `s:${Buffer.byteLength(key)}:"${key}";`}${maybeSerialize(item)}`,
  );
  return `a:${entries.length}:{${body.join('')}}`;
}

/** WordPress's `sanitize_text_field` for a name: tags gone, whitespace runs one space, trimmed. */
function sanitizeName(name: string): string {
  return name
    .replace(/<[^>]*>?/g, '')
    .replace(/[\r\n\t ]+/g, ' ')
    .trim();
}

/**
 * The application-password store over WordPress's `_application_passwords` user meta.
 *
 * @example
 * const passwords = new WordPressApplicationPasswordStore(wordpress);
 * await passwords.verify(1, 'orac leadm inap ppas swor d01'); // the fixture admin's password
 */
export class WordPressApplicationPasswordStore implements ApplicationPasswordStore {
  /** The database the meta is kept in. */
  readonly database: Database<WordPressTables>;
  /** The clock, in milliseconds since the epoch. */
  protected readonly now: () => number;
  /** No usage recorded (see {@link WordPressApplicationPasswordStoreOptions.readOnly}). */
  protected readonly readOnly: boolean;

  constructor(wordpress: Pick<WordPressDatabase, 'database'>, options: WordPressApplicationPasswordStoreOptions = {}) {
    this.database = wordpress.database;
    this.now = options.now ?? Date.now;
    this.readOnly = options.readOnly === true;
  }

  /** A user's stored entries; `lock` holds the row to the end of the ambient transaction. */
  protected async entries(userId: number, lock = false): Promise<Entries> {
    const entries = entriesOf(await userMetaValue(this.database, userId, APPLICATION_PASSWORDS_META_KEY, { lock }));
    const unnamed = entries.filter(([, value]) => typeof value.uuid !== 'string' || value.uuid === '');
    if (unnamed.length === 0 || this.readOnly) return entries;
    // Items from before uuids (WordPress 5.6's first betas) get one, saved at once, as
    // `get_user_application_passwords` does.
    return this.database.transaction(async () => {
      const locked = entriesOf(await userMetaValue(this.database, userId, APPLICATION_PASSWORDS_META_KEY, { lock: true }));
      const named: Entries = locked.map(([key, value]) => [
        key,
        typeof value.uuid === 'string' && value.uuid !== '' ? value : { ...value, uuid: randomUUID() },
      ]);
      await this.save(userId, named);
      return named;
    });
  }

  /** Writes a user's entries back (`update_user_meta`; an empty list stays as `a:0:{}`, as WordPress leaves it). */
  protected async save(userId: number, entries: Entries): Promise<void> {
    await updateUserMeta(this.database, userId, APPLICATION_PASSWORDS_META_KEY, serializeEntries(entries));
  }

  /** A read-modify-write of a user's entries, the row locked while it runs. */
  protected change<T>(userId: number, work: (entries: Entries) => Promise<T>): Promise<T> {
    return this.database.transaction(async () => work(await this.entries(userId, true)));
  }

  /** A valid new name: sanitized, not empty, and no other item of the user's with it (case aside). */
  protected checkName(entries: Entries, given: string, except?: string): string {
    const name = sanitizeName(given);
    if (name === '') throw contentError('application_password_empty_name');
    const lower = name.toLowerCase();
    for (const [, value] of entries) {
      if (value.uuid !== except && typeof value.name === 'string' && value.name.toLowerCase() === lower) {
        throw contentError('application_password_duplicate_name');
      }
    }
    return name;
  }

  async create(userId: number, input: NewApplicationPasswordInput): Promise<NewApplicationPassword> {
    let password: string;
    if (input.password === undefined) password = generateApplicationPassword();
    else {
      password = input.password.replace(/[^A-Za-z0-9]/g, '');
      if (password.length < LENGTH) throw contentError('application_password_too_weak');
    }
    const item = await this.change(userId, async (entries) => {
      const name = this.checkName(entries, input.name);
      const stored: Item = {
        uuid: randomUUID(),
        app_id: input.appId ?? '',
        name,
        password: hashWordPressPassword(password),
        created: Math.floor(this.now() / 1000),
        last_used: null,
        last_ip: null,
      };
      // PHP's `$passwords[] = …`: the key after the highest integer key.
      const next = entries.reduce((highest, [key]) => (/^\d+$/.test(key) ? Math.max(highest, Number(key) + 1) : highest), 0);
      await this.save(userId, [...entries, [String(next), { ...stored }]]);
      const inUse = await getOption(this.database, IN_USE_OPTION);
      if (inUse === undefined || inUse === '' || inUse === '0' || inUse === false)
        await setOption(this.database, IN_USE_OPTION, true);
      return stored;
    });
    return { password, formatted: formatApplicationPassword(password), item: toApplicationPassword(userId, item) };
  }

  async list(userId: number): Promise<ApplicationPassword[]> {
    const items = (await this.entries(userId)).map(([, value]) => itemOf(value));
    return items.filter((item): item is Item => item !== undefined).map((item) => toApplicationPassword(userId, item));
  }

  async get(userId: number, uuid: string): Promise<ApplicationPassword | undefined> {
    return (await this.list(userId)).find((item) => item.uuid === uuid);
  }

  async update(
    userId: number,
    uuid: string,
    changes: { name?: string | undefined; appId?: string | undefined },
  ): Promise<ApplicationPassword | undefined> {
    return this.change(userId, async (entries) => {
      const found = entries.find(([, value]) => value.uuid === uuid);
      const item = found === undefined ? undefined : itemOf(found[1]);
      if (found === undefined || item === undefined) return undefined;
      const values: { [key: string]: PhpValue } = { ...found[1] };
      if (changes.name !== undefined && sanitizeName(changes.name) !== item.name)
        values.name = this.checkName(entries, changes.name, uuid);
      if (changes.appId !== undefined) values.app_id = changes.appId;
      if (values.name !== found[1].name || values.app_id !== found[1].app_id) {
        await this.save(
          userId,
          entries.map(([key, value]) => [key, value === found[1] ? values : value]),
        );
      }
      const updated = itemOf(values);
      return updated === undefined ? undefined : toApplicationPassword(userId, updated);
    });
  }

  async verify(
    userId: number,
    password: string,
    options: { ip?: string | undefined } = {},
  ): Promise<ApplicationPassword | undefined> {
    const given = password.replace(/[^A-Za-z0-9]/g, '');
    if (given === '') return undefined;
    let match: Item | undefined;
    for (const [, value] of await this.entries(userId)) {
      const item = itemOf(value);
      if (item !== undefined && (await verifyWordPressHash(given, item.password))) {
        match = item;
        break;
      }
    }
    if (match === undefined) return undefined;
    const time = Math.floor(this.now() / 1000);
    if (this.readOnly || (match.last_used !== null && match.last_used + USAGE_INTERVAL_SECONDS > time)) {
      return toApplicationPassword(userId, match);
    }
    const used: Item = { ...match, last_used: time, last_ip: options.ip ?? match.last_ip };
    try {
      await this.change(userId, async (entries) => {
        const found = entries.find(([, value]) => value.uuid === match.uuid);
        if (found === undefined) return;
        await this.save(
          userId,
          entries.map(([key, value]) => [key, value === found[1] ? { ...value, last_used: time, last_ip: used.last_ip } : value]),
        );
      });
    } catch {
      // The stamp is a convenience (WordPress ignores this write's result too): a failed write
      // must not fail the request it rides on; it is tried again at the next use.
      return toApplicationPassword(userId, match);
    }
    return toApplicationPassword(userId, used);
  }

  async revoke(userId: number, uuid: string): Promise<boolean> {
    return this.change(userId, async (entries) => {
      const kept = entries.filter(([, value]) => value.uuid !== uuid);
      if (kept.length === entries.length) return false;
      // PHP's `unset` keeps the other keys: the list may become a map with gaps.
      await this.save(userId, kept);
      return true;
    });
  }

  async revokeAll(userId: number): Promise<number> {
    return this.change(userId, async (entries) => {
      if (entries.length === 0) return 0;
      await this.save(userId, []);
      return entries.length;
    });
  }
}
