import type { Database } from '@cms-json/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, manualClock, openContentDatabase } from '../../test/helpers.js';
import { type ContentTables, createSessions, type SessionStore, SqlUserStore } from '../index.js';

let database: Database<ContentTables>;
let sessions: SessionStore;
let clock: ReturnType<typeof manualClock>;
let userId: number;

beforeEach(async () => {
  database = await openContentDatabase();
  clock = manualClock();
  sessions = createSessions(database.db, { now: clock.now });
  userId = (await new SqlUserStore(database).create({ login: 'u', email: 'u@example.com', password: 'pw' })).id;
});
afterEach(async () => {
  await database.close();
});

describe('SessionStore', () => {
  it('starts a two-day session whose cookie is user_id|token and stores only a hash', async () => {
    const session = await sessions.start(userId);
    expect(session.cookie).toBe(`${userId}|${session.token}`);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expires).toBe('2030-01-03T00:00:00.000Z');
    const row = await database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(session.token);
    expect(await sessions.find(session.cookie)).toEqual(session);
  });

  it('finds nothing for an expired session, and purges it', async () => {
    const session = await sessions.start(userId);
    clock.advance(2 * DAY - 1);
    expect(await sessions.find(session.cookie)).toBeDefined();
    clock.advance(1);
    expect(await sessions.find(session.cookie)).toBeUndefined();
    expect(await sessions.purgeExpired()).toBe(1);
  });

  it("finds nothing for a malformed cookie or another user's id", async () => {
    const session = await sessions.start(userId);
    for (const bad of [
      '',
      'garbage',
      `${userId}|`,
      `|${session.token}`,
      `0|${session.token}`,
      `${userId + 1}|${session.token}`,
      `${userId}|${session.token}x`,
      `${userId}|${session.token}|x`,
    ]) {
      expect(await sessions.find(bad), bad).toBeUndefined();
    }
  });

  it('ends one session by token or cookie, or all of a user', async () => {
    const one = await sessions.start(userId);
    const two = await sessions.start(userId);
    const three = await sessions.start(userId);
    expect(await sessions.end(one.token)).toBe(true);
    expect(await sessions.end(one.token)).toBe(false);
    expect(await sessions.end(two.cookie)).toBe(true);
    expect(await sessions.find(one.cookie)).toBeUndefined();
    expect(await sessions.find(three.cookie)).toBeDefined();
    expect(await sessions.endAll(userId)).toBe(1);
    expect(await sessions.find(three.cookie)).toBeUndefined();
  });
});
