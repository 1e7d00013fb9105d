/**
 * The types the files of `users/` share: the record types the `user` object type's hooks
 * and fields see (declared to the core's object types).
 *
 * @module
 */
import type { UserRecord } from './schema.js';
import type { NewUser, UserQuery } from './store.js';

/**
 * The record types of the `user` object type: hooks and fields see the user's record (every
 * context), `preInsert` the user about to be stored, `query` the list's query.
 *
 * @example
 * server.objectTypes.get('user').on('afterInsert', (user) => welcome(user.email)); // user: UserRecord
 */
export interface UserRecordTypes {
  readonly record: UserRecord;
  readonly stored: UserRecord;
  readonly changes: Partial<NewUser>;
  readonly query: UserQuery;
}

declare module '@cms-json/core' {
  interface ObjectTypeRecords {
    user: UserRecordTypes;
  }
}
