/**
 * `TablePrefixPlugin`: a Kysely plugin that puts the site's table prefix (`wp_`) before the
 * names of WordPress's tables in every query, so stores are written with the plain names
 * (`posts`, `usermeta`) and one connection serves any prefix.
 *
 * @module
 */
import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type TableNode,
  type UnknownRow,
} from 'kysely';

/** Rewrites the table names it knows; others (a plugin's own tables) pass unchanged. */
class PrefixTransformer extends OperationNodeTransformer {
  readonly #prefix: string;
  readonly #tables: ReadonlySet<string>;

  constructor(prefix: string, tables: readonly string[]) {
    super();
    this.#prefix = prefix;
    this.#tables = new Set(tables);
  }

  protected override transformTable(node: TableNode): TableNode {
    const table = super.transformTable(node);
    const name = table.table.identifier.name;
    if (!this.#tables.has(name)) return table;
    return {
      ...table,
      table: { ...table.table, identifier: { ...table.table.identifier, name: `${this.#prefix}${name}` } },
    };
  }
}

/**
 * Prefixes WordPress's table names in every query. Only the names given are prefixed, and only
 * where they name a table (`from`, `join`, `into`, `update`), never a column or an alias.
 *
 * @example
 * const db = new Kysely<WordPressTables>({ dialect, plugins: [new TablePrefixPlugin('wp_', WORDPRESS_TABLES)] });
 * await db.selectFrom('posts').selectAll().execute(); // select * from `wp_posts`
 */
export class TablePrefixPlugin implements KyselyPlugin {
  readonly #transformer: PrefixTransformer;

  constructor(prefix: string, tables: readonly string[]) {
    this.#transformer = new PrefixTransformer(prefix, tables);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
