import { describe, expect, it } from 'vitest';
import { openContentDatabase } from '../test/helpers.js';
import { SqlOptionsStore } from './options/options.js';
import { writeTransaction } from './write-transaction.js';

describe('writeTransaction', () => {
  it('stores every step of a write that succeeds, and none of one that fails late', async () => {
    const database = await openContentDatabase();
    try {
      const options = new SqlOptionsStore(database);
      const atomic = writeTransaction(database);
      await atomic(async () => {
        await options.set('title', 'First');
        await options.set('description', 'Kept');
      });
      await expect(
        atomic(async () => {
          await options.set('title', 'Second');
          throw new Error('the last step failed');
        }),
      ).rejects.toThrow('the last step failed');
      expect([await options.get('title'), await options.get('description')]).toEqual(['First', 'Kept']);
    } finally {
      await database.close();
    }
  });
});
