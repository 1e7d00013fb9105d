import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { maybeUnserialize } from '../php-serialized.js';
import { openFixtureDatabase } from '../testing.js';
import { updateUserMeta, userMetaValue } from '../users/usermeta.js';
import { WordPressSessionStore } from './sessions.js';

const serverUrl = inject('mysqlUrl');
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(serverUrl === '')("WordPressSessionStore over WordPress's session_tokens", () => {
  let wordpress: WordPressDatabase;
  let sessions: WordPressSessionStore;
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
    sessions = new WordPressSessionStore(wordpress, { now: () => clock });
  });
  afterAll(() => wordpress.close());

  const stored = async (userId: number) =>
    maybeUnserialize((await userMetaValue(wordpress.database, userId, 'session_tokens')) ?? '');

  it('starts a session stored as WP_User_Meta_Session_Tokens stores it, and finds it by its cookie', async () => {
    clock = Date.parse('2026-01-01T00:00:00Z');
    const session = await sessions.start(1);
    expect(session.token).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(session.cookie).toBe(`1|${session.token}`);
    expect(session.expires).toBe('2026-01-03T00:00:00.000Z');
    const verifier = createHash('sha256').update(session.token).digest('hex');
    expect(await stored(1)).toEqual({ [verifier]: { expiration: 1767398400, ip: '', ua: '', login: 1767225600 } });
    expect(await sessions.find(session.cookie)).toEqual(session);
    expect(await sessions.find(`2|${session.token}`)).toBeUndefined();
    expect(await sessions.find(session.token)).toBeUndefined();
    expect(await sessions.find('garbage')).toBeUndefined();
    expect(await sessions.find(`1|${'x'.repeat(43)}`)).toBeUndefined();
  });

  it('expires sessions and drops the expired ones at the next write', async () => {
    clock = Date.parse('2026-02-01T00:00:00Z');
    const old = await sessions.start(2);
    clock += 2 * DAY;
    expect(await sessions.find(old.cookie)).toBeUndefined();
    const fresh = await sessions.start(2);
    expect(Object.keys((await stored(2)) as object)).toHaveLength(1);
    expect(await sessions.find(fresh.cookie)).toMatchObject({ userId: 2 });
    clock += 3 * DAY;
    expect(await sessions.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await userMetaValue(wordpress.database, 2, 'session_tokens')).toBeUndefined();
  });

  it('ends one session by cookie or bare token, and all of a user', async () => {
    clock = Date.parse('2026-03-01T00:00:00Z');
    const first = await sessions.start(3);
    const second = await sessions.start(3);
    const third = await sessions.start(3);
    expect(await sessions.end(first.cookie)).toBe(true);
    expect(await sessions.end(first.cookie)).toBe(false);
    expect(await sessions.end(second.token)).toBe(true);
    expect(await sessions.find(second.cookie)).toBeUndefined();
    expect(await sessions.find(third.cookie)).toMatchObject({ userId: 3 });
    expect(await sessions.end('no-such-token-at-all')).toBe(false);
    expect(await sessions.endAll(3)).toBe(1);
    expect(await userMetaValue(wordpress.database, 3, 'session_tokens')).toBeUndefined();
    expect(await sessions.endAll(3)).toBe(0);
  });

  it("reads a session WordPress wrote (its own verifier map, the oldest format too) and leaves other users' sessions alone", async () => {
    clock = Date.parse('2026-04-01T00:00:00Z');
    const token = 'a'.repeat(43);
    const verifier = createHash('sha256').update(token).digest('hex');
    const expiration = clock / 1000 + 3600;
    await updateUserMeta(wordpress.database, 6, 'session_tokens', `a:1:{s:64:"${verifier}";i:${expiration};}`);
    expect(await sessions.find(`6|${token}`)).toMatchObject({ userId: 6, expires: '2026-04-01T01:00:00.000Z' });
    expect(await sessions.end(`6|${token}`)).toBe(true);
    const mine = await sessions.start(4);
    const theirs = await sessions.start(5);
    expect(await sessions.endAll(4)).toBe(1);
    expect(await sessions.find(theirs.cookie)).toMatchObject({ userId: 5 });
    expect(await sessions.find(mine.cookie)).toBeUndefined();
  });
});
