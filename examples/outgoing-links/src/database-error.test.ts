import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openDatabase } from '@cms-json/database';
import { describe, expect, it } from 'vitest';
import { CONNECTION_ERROR_TEXT, databaseErrorText } from './database-error.js';
import { outgoingLinksRoutes } from './routes.js';
import { OutgoingLinksStore } from './store.js';

describe('the database text in the plugin errors', () => {
  it('an unreachable PostgreSQL: the anonymous list is 503 rest_database_unavailable without host, port or user', async () => {
    // Port 1 on the loopback refuses at once: the driver says "connect ECONNREFUSED 127.0.0.1:1".
    const database = openDatabase({ url: 'postgres://site_user:s3cret@127.0.0.1:1/site' });
    try {
      const server = createRestServer({ siteUrl: 'http://site.test' });
      const store = new OutgoingLinksStore(database);
      server.register('tel/v1', ...outgoingLinksRoutes(store));
      const res = await testClient(server).get('/tel/v1/outgoing-links');
      // The database was never reached: the core's 503 (try again later), not the plugin's 500.
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'rest_database_unavailable', data: { status: 503 } });
      expect(res.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|site_user|s3cret|:1\b/);
    } finally {
      await database.close();
    }
  });

  it('keeps what the database answered (the specification asks for its text)', () => {
    expect(databaseErrorText(new Error('no such table: outgoing_links'))).toBe('no such table: outgoing_links');
    expect(databaseErrorText(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe('duplicate key value');
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })],
    ['an unknown host', Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' })],
    ['a failed login', Object.assign(new Error('password authentication failed for user "site"'), { code: '28P01' })],
    [
      'a server shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    [
      'every address refused',
      Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], ''), {}),
    ],
  ])('hides %s', (_name, error) => {
    expect(databaseErrorText(error)).toBe(CONNECTION_ERROR_TEXT);
  });
});
