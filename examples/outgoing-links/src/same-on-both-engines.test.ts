/**
 * What must read the same on SQLite and on PostgreSQL (`CMS_TEST_DATABASE_URL` switches the
 * engine): order, search, integer types, ids after deletes, the exact counter.
 */
import { describe, expect, it } from 'vitest';
import { sitePerTest } from '../test/setup.js';

const site = sitePerTest();

type Link = { id: number; title: string; slug: string; count: number };
const titles = (body: unknown) => (body as Link[]).map((link) => link.title);

describe('the same answers on both engines', () => {
  it('orders titles by their characters: upper case before lower case, then accents, ties by id', async () => {
    const { client, create } = await site();
    for (const title of ['banana', 'Banana', 'apple', 'Zebra', 'éclair', 'banana']) await create(title, 'https://order.test');
    const asc = await client.get('/tel/v1/outgoing-links?orderby=title&order=asc');
    expect(titles(asc.body)).toEqual(['Banana', 'Zebra', 'apple', 'banana', 'banana', 'éclair']);
    const ids = (asc.body as Link[]).filter((link) => link.title === 'banana').map((link) => link.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const desc = await client.get('/tel/v1/outgoing-links?orderby=title&order=desc');
    expect(titles(desc.body)).toEqual(['éclair', 'banana', 'banana', 'apple', 'Zebra', 'Banana']);
  });

  it('searches without regard to ASCII case, in titles and links, with % and _ taken literally', async () => {
    const { client, create } = await site();
    await create('Hello World', 'https://one.test/a');
    await create('other', 'https://HELLO.test/b');
    await create('100% sure', 'https://two.test/c');
    await create('snake_case', 'https://three.test/d');
    await create('snakeXcase', 'https://four.test/e');
    const search = async (term: string) =>
      titles(
        (await client.get(`/tel/v1/outgoing-links?${new URLSearchParams({ search: term, orderby: 'id', order: 'asc' })}`)).body,
      );
    expect(await search('hello')).toEqual(['Hello World', 'other']);
    expect(await search('WORLD')).toEqual(['Hello World']);
    expect(await search('0%')).toEqual(['100% sure']);
    expect(await search('%')).toEqual(['100% sure']);
    expect(await search('e_c')).toEqual(['snake_case']);
    expect(await search('\\')).toEqual([]);
  });

  it('searches without regard to the case of any letter, not only ASCII', async () => {
    const { client, create } = await site();
    await create('ÉCOLE normale', 'https://one.test/');
    await create('École', 'https://two.test/');
    await create('Straße', 'https://three.test/');
    const search = async (term: string) =>
      titles(
        (await client.get(`/tel/v1/outgoing-links?${new URLSearchParams({ search: term, orderby: 'id', order: 'asc' })}`)).body,
      );
    expect(await search('école')).toEqual(['ÉCOLE normale', 'École']);
    expect(await search('ÉCOLE')).toEqual(['ÉCOLE normale', 'École']);
    expect(await search('STRASSE')).toEqual([]);
    expect(await search('straße')).toEqual(['Straße']);
  });

  it('answers ids, counts and totals as integers, and never reuses an id after a delete', async () => {
    const { client, create, editor } = await site();
    const first = await create('First', 'https://ids.test/1');
    const second = await create('Second', 'https://ids.test/2');
    expect(second.id).toBe(first.id + 1);
    expect((await client.delete(`/tel/v1/outgoing-links/${second.id}`, { headers: editor })).status).toBe(200);
    const third = await create('Third', 'https://ids.test/3');
    expect(third.id).toBe(second.id + 1);
    const list = await client.get('/tel/v1/outgoing-links');
    expect(list.header('X-CMS-Total')).toBe('2');
    for (const link of list.body as Link[]) {
      expect(Number.isInteger(link.id)).toBe(true);
      expect(link.count).toBe(0);
    }
  });

  it('counts concurrent clicks exactly and reads the count back as an integer', async () => {
    const { client, create } = await site();
    const link = await create('Clicked', 'https://clicks.test');
    const answers = await Promise.all(Array.from({ length: 50 }, () => client.get(`//out/${link.slug}`)));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(302));
    expect((await client.get(`/tel/v1/outgoing-links/${link.id}`)).body.count).toBe(50);
  });
});
