/**
 * The ratings plugin through the front door, on the real users routes of the content
 * package: the field and the link it adds to `user` records show up in records, the
 * schema, OPTIONS, the index, `_fields` and `_embed`, and writes go through its `update`.
 */

import { type ContentTables, contentPlugin, createAuth, migrateContent } from '@cms-json/content';
import { createRestServer } from '@cms-json/core';
import { testClient } from '@cms-json/core/testing';
import { openTestDatabase } from '@cms-json/database/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RatingsTables, ratings } from '../src/index.js';

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

async function site(options: { ratingsFirst?: boolean } = {}) {
  const database = await openTestDatabase<ContentTables & RatingsTables>();
  await migrateContent(database);
  const auth = createAuth({ database: database, secret: 'a test site secret, long enough' });
  const server = createRestServer({ siteUrl: 'http://site.test' });
  // The order of the plugins does not matter: fields and links are built in with the routes.
  if (options.ratingsFirst) await server.use(ratings({ database }));
  await server.use(contentPlugin({ auth }));
  if (!options.ratingsFirst) await server.use(ratings({ database }));
  const people: Record<string, { id: number; headers: Record<string, string> }> = {};
  for (const role of ['administrator', 'subscriber']) {
    const user = await auth.users.create({ login: role, email: `${role}@example.com`, password: 'pw', roles: [role] });
    const { password } = await auth.applicationPasswords.create(user.id, { name: 'tests' });
    people[role] = { id: user.id, headers: { authorization: basic(role, password) } };
  }
  const admin = people.administrator as { id: number; headers: Record<string, string> };
  const subscriber = people.subscriber as { id: number; headers: Record<string, string> };
  return { server, client: testClient(server), database, admin, subscriber };
}

let s: Awaited<ReturnType<typeof site>>;
beforeEach(async () => {
  s = await site();
});
afterEach(async () => {
  await s.database.close();
});

describe('the rating field on user records', () => {
  it('is in each user record, single and listed, 0 until rated', async () => {
    const one = await s.client.get(`/cms/v2/users/${s.subscriber.id}`, { headers: s.admin.headers });
    expect(one.status).toBe(200);
    expect(one.body.rating).toBe(0);
    const list = await s.client.get('/cms/v2/users', { headers: s.admin.headers });
    expect(list.body.map((u: { rating: number }) => u.rating)).toEqual([0, 0]);
  });

  it('is described in OPTIONS, in the index, and as a write argument', async () => {
    const options = await s.client.options(`/cms/v2/users/${s.admin.id}`);
    expect(options.body.schema.properties.rating).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 5,
      context: ['view', 'edit'],
    });
    const index = await s.client.get('/cms/v2?context=help');
    const collection = index.body.routes['/cms/v2/users'];
    expect(collection.schema.properties.rating.type).toBe('integer');
    const create = collection.endpoints.find((e: { methods: string[] }) => e.methods.includes('POST'));
    expect(create.args.rating).toMatchObject({ type: 'integer', required: false, minimum: 0, maximum: 5 });
  });

  it('is left out of the embed context and kept by _fields', async () => {
    const embed = await s.client.get(`/cms/v2/users/${s.admin.id}?context=embed`, { headers: s.admin.headers });
    expect(embed.body).not.toHaveProperty('rating');
    const fields = await s.client.get(`/cms/v2/users/${s.admin.id}?_fields=id,rating`, { headers: s.admin.headers });
    expect(fields.body).toEqual({ id: s.admin.id, rating: 0 });
  });

  it('is written by an update through its update callback, and the answer keeps its links', async () => {
    const res = await s.client.post(`/cms/v2/users/${s.subscriber.id}`, { headers: s.admin.headers, body: { rating: 4 } });
    expect(res.status).toBe(200);
    // The edit context of an update's answer, with the route's links and the plugin's.
    expect(res.body).toMatchObject({ rating: 4, email: 'subscriber@example.com' });
    expect(Object.keys(res.body._links)).toEqual(['self', 'collection', 'ratings:rating', 'curies']);
    expect((await s.client.get(`/ratings/v1/users/${s.subscriber.id}`)).body).toEqual({ user: s.subscriber.id, stars: 4 });
  });

  it('is written by a create', async () => {
    const res = await s.client.post('/cms/v2/users', {
      headers: s.admin.headers,
      body: { username: 'newbie', email: 'newbie@example.com', password: 'pw', rating: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body.rating).toBe(2);
    expect((await s.client.get(`/ratings/v1/users/${res.body.id}`)).body.stars).toBe(2);
  });

  it('refuses a value out of range before anything is written', async () => {
    const res = await s.client.post(`/cms/v2/users/${s.subscriber.id}`, {
      headers: s.admin.headers,
      body: { rating: 9, name: 'Changed' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual(['rating']);
    const after = await s.client.get(`/cms/v2/users/${s.subscriber.id}`, { headers: s.admin.headers });
    expect(after.body).toMatchObject({ rating: 0, name: 'subscriber' });
  });

  it("answers the error its update throws, in the original's shape", async () => {
    const res = await s.client.post(`/cms/v2/users/${s.subscriber.id}`, { headers: s.subscriber.headers, body: { rating: 5 } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'ratings_cannot_rate',
      message: 'Sorry, you are not allowed to rate users.',
      data: { status: 403 },
    });
    expect((await s.client.get(`/ratings/v1/users/${s.subscriber.id}`)).body.stars).toBe(0);
  });
});

describe('the ratings link on user records', () => {
  it('is a CURIE link, and _embed inlines the rating', async () => {
    await s.client.post(`/cms/v2/users/${s.admin.id}`, { headers: s.admin.headers, body: { rating: 5 } });
    const res = await s.client.get(`/cms/v2/users/${s.admin.id}?_embed`, { headers: s.admin.headers });
    expect(res.body._links['ratings:rating']).toEqual([
      { embeddable: true, href: `http://site.test/cms-json/ratings/v1/users/${s.admin.id}` },
    ]);
    expect(res.body._links.curies).toContainEqual({
      name: 'ratings',
      href: 'https://api.ratings.example/{rel}',
      templated: true,
    });
    expect(res.body._embedded['ratings:rating']).toEqual([{ user: s.admin.id, stars: 5 }]);
    const list = await s.client.get('/cms/v2/users?_embed=ratings:rating', { headers: s.admin.headers });
    expect(
      list.body.map((u: { _embedded: Record<string, { stars: number }[]> }) => u._embedded['ratings:rating']?.[0]?.stars),
    ).toEqual([5, 0]);
  });

  it('works whichever plugin was used first', async () => {
    const other = await site({ ratingsFirst: true });
    try {
      const res = await other.client.get(`/cms/v2/users/${other.admin.id}`, { headers: other.admin.headers });
      expect(res.body.rating).toBe(0);
      expect(res.body._links).toHaveProperty('ratings:rating');
    } finally {
      await other.database.close();
    }
  });
});
