import { describe, expect, it } from 'vitest';
import { redactDatabaseUrl } from './index.js';

describe('redactDatabaseUrl', () => {
  it.each([
    ['postgres://site:s3cret@127.0.0.1:5432/site', 'postgres://site:***@127.0.0.1:5432/site'],
    ['postgresql://site:p%40ss@db/site?sslmode=require', 'postgresql://site:***@db/site?sslmode=require'],
    ['postgres://db/site?user=site&password=s3cret&x=1', 'postgres://db/site?user=site&password=***&x=1'],
    ['postgres://site@db/site', 'postgres://site@db/site'],
    ['sqlite:./data/site.db', 'sqlite:./data/site.db'],
    ['sqlite::memory:', 'sqlite::memory:'],
  ])('%s → %s', (url, shown) => {
    expect(redactDatabaseUrl(url)).toBe(shown);
    expect(redactDatabaseUrl(url)).not.toMatch(/s3cret|p%40ss/);
  });
});
