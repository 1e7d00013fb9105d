/**
 * The application-password store: passwords made, hashed and checked, named uniquely per user,
 * with the time and address of their last use. Routes and the authenticator use it.
 *
 * @module
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { RestError } from '@cms-json/core';
import type { Kysely, Selectable } from 'kysely';
import { contentError } from '../errors.js';
import { APPLICATION_PASSWORDS_NAME_INDEX } from '../migrations.js';
import { type ApplicationPasswordsTable, type ContentTables, contentDb } from '../tables.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 24;
/** Usage is written at most once a day per password, as WordPress does, to keep reads cheap. */
const USAGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * An application password as listed: everything but the secret.
 *
 * @example
 * const item: ApplicationPassword = { uuid: '…', appId: '', userId: 1, name: 'cli', created: '2025-01-01T00:00:00.000Z', lastUsed: null, lastIp: null };
 */
export interface ApplicationPassword {
  readonly uuid: string;
  /** An optional id of the client application (a UUID), empty when not given. */
  readonly appId: string;
  readonly userId: number;
  readonly name: string;
  /** ISO 8601 in UTC. */
  readonly created: string;
  /** ISO 8601 in UTC; at most once a day. */
  readonly lastUsed: string | null;
  readonly lastIp: string | null;
}

/**
 * A freshly created application password. `password` and `formatted` are shown once and
 * never stored.
 *
 * @example
 * const { formatted } = await passwords.create(1, { name: 'cli' }); // 'abcd EFGH 1234 …'
 */
export interface NewApplicationPassword {
  /** 24 letters and digits. */
  readonly password: string;
  /** The same in groups of four separated by spaces, as WordPress shows it. */
  readonly formatted: string;
  readonly item: ApplicationPassword;
}

/**
 * Creates, lists, checks and revokes application passwords.
 *
 * @example
 * const passwords = createApplicationPasswords(db);
 * const { formatted, item } = await passwords.create(user.id, { name: 'deploy script' });
 * await passwords.verify(user.id, formatted); // item (with lastUsed set)
 * await passwords.revoke(user.id, item.uuid); // true
 */
export interface ApplicationPasswordStore {
  /**
   * Creates a password for the user. Without `password` one is generated (the normal case);
   * a given one (a deployment's preset) must have at least 24 letters and digits.
   *
   * @throws RestError `application_password_empty_name` (400) for an empty name,
   *   `application_password_duplicate_name` (409) when the user has one of that name,
   *   `application_password_too_weak` (400) for a given password that is too short.
   */
  create(userId: number, input: NewApplicationPasswordInput): Promise<NewApplicationPassword>;
  list(userId: number): Promise<ApplicationPassword[]>;
  get(userId: number, uuid: string): Promise<ApplicationPassword | undefined>;
  /**
   * Renames a password or changes its `appId`; `undefined` when the user has no password
   * with that uuid. Same name rules as {@link create}.
   */
  update(
    userId: number,
    uuid: string,
    changes: { name?: string | undefined; appId?: string | undefined },
  ): Promise<ApplicationPassword | undefined>;
  /** The matching password of the user, with its usage recorded; `undefined` when none matches. */
  verify(userId: number, password: string, options?: { ip?: string | undefined }): Promise<ApplicationPassword | undefined>;
  /** False when the user has no password with that uuid. */
  revoke(userId: number, uuid: string): Promise<boolean>;
  /** Returns how many were revoked. */
  revokeAll(userId: number): Promise<number>;
}

/**
 * What {@link ApplicationPasswordStore.create} takes.
 *
 * @example
 * const input: NewApplicationPasswordInput = { name: 'deploy script' };
 */
export interface NewApplicationPasswordInput {
  /** Shown in lists; unique per user. */
  name: string;
  /** The id (a UUID) of the client application, if it has one. */
  appId?: string | undefined;
  /** A preset password instead of a generated one: at least 24 letters and digits. */
  password?: string | undefined;
}

/**
 * Options of {@link createApplicationPasswords}.
 *
 * @example
 * const options: ApplicationPasswordStoreOptions = { now: () => Date.parse('2030-01-01') };
 */
export interface ApplicationPasswordStoreOptions {
  /** The clock, in milliseconds since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * 24 random letters and digits from a cryptographic source, without modulo bias.
 *
 * @example
 * generateApplicationPassword(); // 'q3Vd9XkP0aLm2ZtR7bWc1YsE'
 */
export function generateApplicationPassword(): string {
  let password = '';
  while (password.length < LENGTH) {
    for (const byte of randomBytes(LENGTH * 2)) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && password.length < LENGTH) password += ALPHABET[byte % ALPHABET.length];
    }
  }
  return password;
}

/**
 * Splits a password into groups of four separated by spaces.
 *
 * @example
 * formatApplicationPassword('abcdEFGH1234ijklMNOP5678'); // 'abcd EFGH 1234 ijkl MNOP 5678'
 */
export function formatApplicationPassword(password: string): string {
  return (password.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The hash stored for an application password: SHA-256 of its letters and digits. A fast
 * hash is enough here because the password is 24 random characters (about 143 bits), far
 * beyond any brute force; a slow hash would only slow every API request.
 */
function hash(password: string): string {
  return createHash('sha256')
    .update(password.replace(/[^A-Za-z0-9]/g, ''))
    .digest('hex');
}

/** A preset password: its letters and digits, at least 24 of them. */
function checkPreset(given: string): string {
  const password = given.replace(/[^A-Za-z0-9]/g, '');
  if (password.length < LENGTH) {
    throw contentError('application_password_too_weak');
  }
  return password;
}

/**
 * Creates the application-password store over a database migrated with `migrateContent`.
 *
 * @example
 * const passwords = createApplicationPasswords(db);
 * const { formatted } = await passwords.create(1, { name: 'cli' });
 */
export function createApplicationPasswords<DB extends ContentTables>(
  database: Kysely<DB>,
  options: ApplicationPasswordStoreOptions = {},
): ApplicationPasswordStore {
  const db = contentDb(database);
  const now = options.now ?? Date.now;
  const ofUser = (userId: number) => db.selectFrom('application_passwords').where('user_id', '=', userId);

  async function checkName(userId: number, given: string): Promise<string> {
    const name = given.trim();
    if (name === '') {
      throw contentError('application_password_empty_name');
    }
    // A friendly early answer; the unique index decides when two requests race (see `write`).
    const taken = await ofUser(userId).select('uuid').where('name', '=', name).executeTakeFirst();
    if (taken) throw duplicateName();
    return name;
  }

  /** Runs a write, turning a violation of the unique (user_id, name) index into the original's 409. */
  async function write(run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      throw isDuplicateName(error) ? duplicateName() : error;
    }
  }

  return {
    async create(userId, input) {
      const name = await checkName(userId, input.name);
      const password = input.password === undefined ? generateApplicationPassword() : checkPreset(input.password);
      const row = {
        uuid: randomUUID(),
        user_id: userId,
        app_id: input.appId ?? '',
        name,
        hash: hash(password),
        created: new Date(now()).toISOString(),
        last_used: null,
        last_ip: null,
      };
      await write(() => db.insertInto('application_passwords').values(row).execute());
      return { password, formatted: formatApplicationPassword(password), item: fromRow(row) };
    },

    async update(userId, uuid, changes) {
      const current = await ofUser(userId).selectAll().where('uuid', '=', uuid).executeTakeFirst();
      if (!current) return undefined;
      const values: { name?: string; app_id?: string } = {};
      if (changes.name !== undefined && changes.name.trim() !== current.name) values.name = await checkName(userId, changes.name);
      if (changes.appId !== undefined) values.app_id = changes.appId;
      if (Object.keys(values).length > 0) {
        await write(() => db.updateTable('application_passwords').set(values).where('uuid', '=', uuid).execute());
      }
      return fromRow({ ...current, ...values });
    },

    async list(userId) {
      const rows = await ofUser(userId).selectAll().orderBy('created').orderBy('name').execute();
      return rows.map(fromRow);
    },

    async get(userId, uuid) {
      const row = await ofUser(userId).selectAll().where('uuid', '=', uuid).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    async verify(userId, password, verifyOptions = {}) {
      const given = Buffer.from(hash(password), 'hex');
      const rows = await ofUser(userId).selectAll().execute();
      const row = rows.find((candidate) => {
        const stored = Buffer.from(candidate.hash, 'hex');
        return stored.length === given.length && timingSafeEqual(stored, given);
      });
      if (!row) return undefined;
      const time = now();
      if (row.last_used !== null && Date.parse(row.last_used) + USAGE_INTERVAL_MS > time) return fromRow(row);
      const usage = { last_used: new Date(time).toISOString(), last_ip: verifyOptions.ip ?? row.last_ip };
      try {
        await db.updateTable('application_passwords').set(usage).where('uuid', '=', row.uuid).execute();
      } catch {
        // The stamp is a convenience: a full disk or a read-only database must not fail the
        // request it rides on (the original ignores this write's result too). Tried again on
        // the next use, since the stored stamp stays old.
        return fromRow(row);
      }
      return fromRow({ ...row, ...usage });
    },

    async revoke(userId, uuid) {
      const result = await db
        .deleteFrom('application_passwords')
        .where('user_id', '=', userId)
        .where('uuid', '=', uuid)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async revokeAll(userId) {
      const result = await db.deleteFrom('application_passwords').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function duplicateName(): RestError {
  return contentError('application_password_duplicate_name');
}

/**
 * Whether a database error is a violation of the unique index on (user_id, name): SQLite's
 * `SQLITE_CONSTRAINT_UNIQUE` naming the column, or PostgreSQL's `23505` naming the index.
 * Other unique violations (a uuid collision) are not a duplicate name.
 */
function isDuplicateName(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === APPLICATION_PASSWORDS_NAME_INDEX;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return typeof message === 'string' && message.includes('application_passwords.name');
  return false;
}

function fromRow(row: Selectable<ApplicationPasswordsTable>): ApplicationPassword {
  return {
    uuid: row.uuid,
    appId: row.app_id,
    userId: Number(row.user_id),
    name: row.name,
    created: row.created,
    lastUsed: row.last_used,
    lastIp: row.last_ip,
  };
}
