/**
 * The default terms controller (specification §4.4): one class serves a taxonomy's
 * `/<rest_base>` and `/<rest_base>/<id>` routes. Each step is a method a taxonomy's own
 * controller may override (`class GenresController extends TermsController`), and each is
 * made of the small modules beside it: `args`, `query`, `record`, `links`, `permissions`,
 * `write` and the store.
 *
 * @module
 */
import {
  CREATABLE,
  collectionResponse,
  contextArg,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type LinkTemplate,
  permissionsChanged,
  READABLE,
  type RestError,
  type RestRequest,
  type RestResponse,
  type Route,
  response,
} from '@cms-json/core';
import { z } from 'zod';
import { termsKey } from '../cache/keys.js';
import { contentError } from '../errors.js';
import type { MetaWrite } from '../meta/write.js';
import {
  type CreateTermArgs,
  createTermArgs,
  type DeleteTermArgs,
  deleteTermArgs,
  type ListTermArgs,
  listTermArgs,
  type UpdateTermArgs,
  updateTermArgs,
} from './args.js';
import { basePath, existingTerm, forgetTerm, listTerms, type TermsContext } from './context.js';
import { termLinks } from './links.js';
import { canCreate, canDelete, canList, canRead, canUpdate } from './permissions.js';
import { termQuery } from './query.js';
import { termRecord } from './record.js';
import { type TermRecord, termSchema } from './schema.js';
import type { Term } from './store.js';
import { changeTerm, checkParent, insertTerm } from './write.js';

/**
 * Serves one taxonomy's terms. Derive from it to change a step; register the class as the
 * taxonomy's `controller`.
 *
 * @example
 * ```ts
 * class GenresController extends TermsController {
 *   override async record(term: Term, request: RestRequest) {
 *     return { ...(await super.record(term, request)), name: term.name.toUpperCase() };
 *   }
 * }
 * taxonomiesOf(server).register('genre', ['book'], { showInRest: true, restBase: 'genres', controller: GenresController });
 * ```
 */
export class TermsController {
  /** The record schema of the taxonomy's terms. */
  readonly schema: ReturnType<typeof termSchema>;

  constructor(readonly context: TermsContext) {
    this.schema = termSchema(context.taxonomy, { meta: context.meta?.fieldSchema() });
  }

  /** The link templates of a term record. */
  links(): LinkTemplate[] {
    return termLinks(this.context);
  }

  /** The full record of a term (every context; the core trims it). */
  record(term: Term, request: RestRequest): Promise<TermRecord> {
    return termRecord(this.context, request, term);
  }

  /** `GET /<rest_base>`. */
  async list(args: ListTermArgs, request: RestRequest): Promise<RestResponse> {
    const query = await termQuery(this.context, args, request);
    const { terms, total } = await listTerms(this.context, request, query);
    const records = await Promise.all(terms.map((term) => this.record(term, request)));
    const limit = query.limit ?? args.per_page;
    // As the original: the page of the links is where the offset falls; they carry the parsed arguments.
    const page = Math.floor((query.offset ?? 0) / limit) + 1;
    request.cacheKeys.add(termsKey(this.context.taxonomy.name));
    return collectionResponse(request, records, { total, page, perPage: limit, args });
  }

  /** `GET /<rest_base>/<id>`. */
  async read(id: number, request: RestRequest): Promise<TermRecord> {
    return this.record(await existingTerm(this.context, request, id), request);
  }

  /** `POST /<rest_base>`. */
  async create(args: CreateTermArgs, request: RestRequest): Promise<RestResponse> {
    await checkParent(this.context, request, args.parent);
    const meta = await this.planMeta(request, undefined, args.meta);
    const term = await insertTerm(
      this.context,
      {
        taxonomy: this.context.taxonomy.name,
        name: args.name,
        slug: args.slug,
        description: args.description,
        parent: args.parent,
      },
      request,
    );
    const record = await this.afterWrite(term, args, request, true, meta);
    const location = request.scope.restUrl(`${basePath(this.context)}/${term.id}`);
    return response(record, { status: 201, context: 'edit', headers: { Location: location } });
  }

  /** `POST`/`PUT`/`PATCH /<rest_base>/<id>`. */
  async update(id: number, args: UpdateTermArgs, request: RestRequest): Promise<RestResponse> {
    await existingTerm(this.context, request, id);
    await checkParent(this.context, request, args.parent);
    const meta = await this.planMeta(request, id, args.meta);
    const changes = { name: args.name, slug: args.slug, description: args.description, parent: args.parent };
    const sent = Object.values(changes).some((value) => value !== undefined);
    const term = sent ? await changeTerm(this.context, id, changes, request) : await existingTerm(this.context, request, id);
    return response(await this.afterWrite(term, args, request, false, meta), { context: 'edit' });
  }

  /** `DELETE /<rest_base>/<id>`: needs `force=true`. */
  async delete(id: number, args: DeleteTermArgs, request: RestRequest): Promise<RestResponse> {
    const term = await existingTerm(this.context, request, id);
    if (!args.force) {
      throw contentError('rest_trash_not_supported.term');
    }
    const previous = await this.context.type.withFields(await this.record(term, request), request);
    if (!(await this.context.store.delete(id))) {
      throw contentError('rest_cannot_delete.term');
    }
    forgetTerm(request, id);
    permissionsChanged(request);
    await this.context.type.emit('delete', previous, { request });
    return response({ deleted: true, previous }, { raw: true });
  }

  /**
   * Checks the body's `meta` against the taxonomy's registered keys before anything is
   * stored (the original checks it after storing the term; here a refused request changes nothing).
   */
  protected async planMeta(request: RestRequest, id: number | undefined, meta: unknown): Promise<MetaWrite | undefined> {
    if (this.context.meta === undefined || meta === undefined) return undefined;
    return this.context.meta.plan(request, id, meta);
  }

  /**
   * After the store wrote a term: the `insert` hooks, the checked meta, the registered
   * fields, the `afterInsert` hooks (the original's order).
   */
  protected async afterWrite(
    term: Term,
    args: Readonly<Record<string, unknown>>,
    request: RestRequest,
    creating: boolean,
    meta?: MetaWrite,
  ): Promise<TermRecord> {
    const event = { request, creating };
    const record = await this.record(term, request);
    await this.context.type.emit('insert', record, event);
    if (meta !== undefined && this.context.meta !== undefined) {
      await meta.apply(term.id);
      record.meta = (await this.context.meta.values(request, [term.id])).get(term.id) ?? [];
    }
    await this.context.type.updateFields(record, args, request);
    await this.context.type.emit('afterInsert', record, event);
    return record;
  }

  /** May the caller list the terms? */
  canList(request: RestRequest, args: ListTermArgs): Promise<true | RestError> {
    return canList(this.context, request, args);
  }

  /** May the caller read this term? */
  canRead(request: RestRequest, args: { id: number; context: string }): Promise<true | RestError> {
    return canRead(this.context, request, args);
  }

  /** May the caller create terms? */
  canCreate(request: RestRequest): true | RestError {
    return canCreate(this.context, request);
  }

  /** May the caller edit this term? */
  canUpdate(request: RestRequest, id: number): Promise<true | RestError> {
    return canUpdate(this.context, request, id);
  }

  /** May the caller delete this term? */
  canDelete(request: RestRequest, id: number): Promise<true | RestError> {
    return canDelete(this.context, request, id);
  }

  /** The taxonomy's routes, paths relative to its namespace. */
  routes(): Route[] {
    const { restBase } = this.context.taxonomy.args;
    const schema = this.schema;
    // The original's terms controller allows batching (`allow_batch`).
    const shared = { schema, objectType: this.context.taxonomy.name, links: this.links(), allowBatch: { v1: true } };
    const listPermission = (request: RestRequest, args: ListTermArgs) => this.canList(request, args);
    const list = (args: ListTermArgs, request: RestRequest) => this.list(args, request);
    const collection = defineRoute({
      ...shared,
      path: `/${restBase}`,
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          args: listTermArgs(this.context.taxonomy, schema),
          permission: listPermission,
          handler: list,
        }),
        endpoint({
          methods: CREATABLE,
          args: createTermArgs(this.context.taxonomy, this.context.meta?.argSchema()),
          permission: (request) => this.canCreate(request),
          handler: (args, request) => this.create(args, request),
        }),
      ],
    });
    const item = defineRoute({
      ...shared,
      path: `/${restBase}/:id`,
      args: { id: z.number().int().meta({ description: 'Unique identifier for the term.' }) },
      endpoints: (endpoint) => [
        endpoint({
          methods: READABLE,
          args: { context: contextArg(schema) },
          permission: (request, args) => this.canRead(request, args),
          handler: async ({ id }, request) => response(await this.read(id, request)),
        }),
        endpoint({
          methods: EDITABLE,
          args: updateTermArgs(this.context.taxonomy, this.context.meta?.argSchema()),
          permission: (request, args) => this.canUpdate(request, args.id),
          handler: (args, request) => this.update(args.id, args, request),
        }),
        endpoint({
          methods: DELETABLE,
          args: deleteTermArgs,
          permission: (request, args) => this.canDelete(request, args.id),
          handler: (args, request) => this.delete(args.id, args, request),
        }),
      ],
    });
    return [collection, item];
  }
}
