import { createRestServer } from '@cms-json/core';
import { openDatabase } from '@cms-json/database';
import { describe, expect, it } from 'vitest';
import { readReadReplicasConfig, replicaDatabaseOptions, routeReads } from './read-replicas.js';

const PRIMARY = 'postgres://site@primary/site';

describe('DATABASE_REPLICA_URLS', () => {
  it('is off when unset or empty', () => {
    expect(readReadReplicasConfig({})).toEqual({ urls: [], maxLagMs: undefined });
    expect(readReadReplicasConfig({ DATABASE_REPLICA_URLS: ' , ' }).urls).toEqual([]);
    expect(replicaDatabaseOptions(readReadReplicasConfig({}))).toEqual({});
  });

  it('takes comma-separated PostgreSQL URLs and a lag bound', () => {
    const config = readReadReplicasConfig({
      DATABASE_URL: PRIMARY,
      DATABASE_REPLICA_URLS: 'postgres://site@r1/site, postgresql://site@r2/site',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
    });
    expect(config).toEqual({ urls: ['postgres://site@r1/site', 'postgresql://site@r2/site'], maxLagMs: 2500 });
    expect(replicaDatabaseOptions(config)).toEqual({ replicas: config.urls, replicaHealth: { maxLagMs: 2500 } });
  });

  it('refuses bad settings with a clear error', () => {
    expect(() => readReadReplicasConfig({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'mysql://r1/site' })).toThrow(
      /must be postgres:\/\/… URLs/,
    );
    expect(() => readReadReplicasConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/site' })).toThrow(/needs DATABASE_URL=postgres/);
    expect(() => readReadReplicasConfig({ DATABASE_URL: 'sqlite:./x.db', DATABASE_REPLICA_URLS: 'postgres://r1/site' })).toThrow(
      /needs DATABASE_URL=postgres/,
    );
    for (const lag of ['0', '-5', '1.5', 'soon']) {
      expect(() => readReadReplicasConfig({ DATABASE_REPLICA_MAX_LAG_MS: lag })).toThrow(
        /DATABASE_REPLICA_MAX_LAG_MS must be a positive whole number/,
      );
    }
  });
});

describe('routeReads without replicas', () => {
  it('leaves the server as it is: no read-after header or cookie on writes', async () => {
    const database = openDatabase({ url: 'sqlite::memory:' });
    try {
      const server = createRestServer();
      routeReads(server, database, { prefix: 'cms', secure: false });
      const answer = await server.handle({ method: 'POST', url: '/cms-json/', headers: {} });
      expect(answer).not.toBeNull();
      expect(Object.keys(answer?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('x-cms-read-after');
      expect(Object.keys(answer?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('set-cookie');
    } finally {
      await database.close();
    }
  });
});
