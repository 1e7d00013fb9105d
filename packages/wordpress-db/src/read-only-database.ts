/**
 * `readOnlyDatabase`: the WordPress database as the stores of a read-only site see it, every
 * write statement refused with `contentError('rest_forbidden.read_only')` before it is sent.
 * Defence in depth behind the server's read-only guard (`read-only-guard.ts`), which refuses
 * write requests over HTTP but not in-process ones (`server.dispatch` from a plugin, an
 * internal request): whatever asks a store to write, nothing reaches WordPress's tables.
 *
 * @module
 */
import { contentError } from '@cms-json/content';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { WordPressDatabase } from './connection.js';

/** The statements that write (Kysely's node kinds). */
const WRITE_KINDS: ReadonlySet<string> = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
  'CreateTableNode',
  'AlterTableNode',
  'DropTableNode',
  'CreateIndexNode',
  'DropIndexNode',
]);

/** The first word of a raw statement that writes (`sql\`…\``). */
const RAW_WRITE =
  /^\s*(insert|update|delete|replace|create|alter|drop|truncate|rename|grant|revoke|lock|load|set\s+(?:global|password))\b/i;

/**
 * Whether a statement writes: an insert, update, delete or merge, a schema change, or a raw
 * statement whose first word writes.
 *
 * @example
 * writes(db.deleteFrom('posts').where('ID', '=', 1).toOperationNode()); // true
 */
export function writes(node: RootOperationNode): boolean {
  if (WRITE_KINDS.has(node.kind)) return true;
  if (node.kind === 'RawNode') return RAW_WRITE.test(node.sqlFragments[0] ?? '');
  return false;
}

/** Refuses every statement that writes; passes the others unchanged. */
class ReadOnlyPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writes(args.node)) throw contentError('rest_forbidden.read_only');
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The same WordPress database (same connections and transactions) with every write refused:
 * a store given it answers its reads and refuses its writes with WordPress's `rest_forbidden`
 * (403), nothing sent. Closing it closes the database.
 *
 * @example
 * const posts = new WordPressPostStore(readOnlyDatabase(wordpress));
 * await posts.delete(4); // throws RestError rest_forbidden (403): this site is read-only
 */
export function readOnlyDatabase(wordpress: WordPressDatabase): WordPressDatabase {
  return { ...wordpress, database: wordpress.database.withPlugin(new ReadOnlyPlugin()) };
}
