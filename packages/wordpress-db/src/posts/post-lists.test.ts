import { DummyDriver, Kysely, MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { WordPressTables } from '../tables.js';
import { escapeLike, listOrder, listWhere } from './post-lists.js';

/** A Kysely that only compiles (MySQL's SQL), to read the SQL a query makes. */
const db = new Kysely<WordPressTables>({
  dialect: {
    createAdapter: () => new MysqlAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new MysqlIntrospector(k),
    createQueryCompiler: () => new MysqlQueryCompiler(),
  },
});

const base = { types: ['post'], statuses: ['publish'], nowGmt: '2024-01-01T12:00:00', perPage: 10, offset: 0 };

describe("lists of posts as SQL over WordPress's tables", () => {
  it("escapes LIKE's wildcards with MySQL's default escape character", () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it("reads a scheduled record whose GMT date passed as published, comparing WordPress's datetimes", () => {
    const compiled = db
      .selectFrom('posts')
      .select('ID')
      .where((eb) => listWhere(eb, base))
      .compile();
    expect(compiled.sql).toContain(
      'case when (`posts`.`post_status` = ? and `posts`.`post_date_gmt` <= ?) then ? else `posts`.`post_status` end in (?)',
    );
    expect(compiled.parameters).toEqual(['post', 'future', '2024-01-01 12:00:00', 'publish', 'publish']);
  });

  it('filters terms by term id through term_taxonomy', () => {
    const compiled = db
      .selectFrom('posts')
      .select('ID')
      .where((eb) =>
        listWhere(eb, { ...base, statuses: [], taxonomies: { relation: 'AND', clauses: [{ termIds: [3], operator: 'IN' }] } }),
      )
      .compile();
    expect(compiled.sql).toContain(
      'inner join `term_taxonomy` on `term_taxonomy`.`term_taxonomy_id` = `term_relationships`.`term_taxonomy_id`',
    );
    expect(compiled.sql).toContain('`term_taxonomy`.`term_id` in (?)');
  });

  it('orders as asked with ties by id, and by the position of the ids asked for', () => {
    const order = (query: Partial<typeof base> & Record<string, unknown>) =>
      db
        .selectFrom('posts')
        .select('ID')
        .orderBy(sql.join(listOrder({ ...base, ...query })))
        .compile().sql;
    expect(order({ orderBy: 'title', order: 'asc' })).toMatch(/order by `posts`\.`post_title` asc, `posts`\.`ID` asc$/);
    expect(order({})).toMatch(/order by `posts`\.`post_date` desc, `posts`\.`ID` asc$/);
    expect(order({ orderBy: 'include', include: [9, 4] })).toContain(
      'case when `posts`.`ID` = ? then ? when `posts`.`ID` = ? then ? else ? end asc',
    );
  });
});
