/**
 * The autosave routes of a type that keeps revisions, as WordPress 6.1 declares them:
 * `GET|POST /<rest_base>/<id>/autosaves` (the caller's autosave, or the author's draft
 * itself) and `GET /<rest_base>/<parent>/autosaves/<id>` (the record's newest autosave,
 * whatever `<id>` says, as the original). Who may edit the record may read and write them.
 *
 * @module
 */
import {
  CREATABLE,
  contextArg,
  defineRoute,
  denied,
  itemJsonSchema,
  READABLE,
  RestError,
  type RestRequest,
  type Route,
  response,
} from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import { writeTransaction } from '../write-transaction.js';
import { type AutosaveParent, autosave, autosaveSchema, autosavesOf } from './autosaves.js';
import { canEditPost } from './permissions.js';
import { previewLink, previewNonceAction } from './preview.js';
import { permalink } from './record.js';
import { isAutosave, revisionRecord } from './revisions.js';
import type { Post } from './store.js';
import { type WritePostArgs, writePostArgs } from './write-args.js';

/**
 * The autosave routes of a type that supports revisions.
 *
 * @example
 * server.register('cms/v2', ...autosaveRoutes(controller));
 */
export function autosaveRoutes(controller: AutosaveParent): Route[] {
  const { store, args: typeArgs } = controller.context;
  const path = `/${typeArgs.restBase}/(?P<id>[\\d]+)/autosaves`;
  const parentMeta = { description: 'The ID for the parent of the autosave.' };
  const parentArg = { parent: z.number().int().meta(parentMeta) };
  const atomic = writeTransaction(store.transactions);
  const itemSchema = autosaveSchema(controller.context.name, controller.schema());
  // The record's id is the path's `id`, which the original declares as no argument of the collection.
  const pathId = (request: RestRequest) => Number(request.urlParams.id ?? 0);

  const parentOf = async (request: RestRequest, id: number): Promise<Post> => {
    const parent = id > 0 ? await controller.find(request, id) : undefined;
    if (parent === undefined) throw contentError('rest_post_invalid_parent');
    return parent;
  };
  const mayRead = async (request: RestRequest, id: number, refusal: 'rest_cannot_read.autosaves' | 'rest_cannot_read') => {
    const parent = await parentOf(request, id);
    return canEditPost(request, typeArgs, parent) ? true : denied(request, contentError(refusal));
  };

  /** The record as the original's autosaves controller answers it; `preview_link` only for the edit context. */
  const record = async (saved: Post, parent: Post, request: RestRequest, edit: boolean) => {
    const answer = revisionRecord(saved, request, {
      render: controller.context.render,
      base: controller.base,
      schema: itemSchema,
    });
    if (!edit) return answer;
    const previewed = isAutosave(saved) ? parent : saved;
    const scope = await controller.scope(request, [previewed], { edit: false });
    const args: Record<string, string> = {};
    if (isAutosave(saved)) {
      args.preview_id = String(parent.id);
      const nonce = controller.context.createNonce?.(request, previewNonceAction(parent.id));
      if (nonce !== undefined) args.preview_nonce = nonce;
    }
    return { ...answer, preview_link: previewLink(permalink(previewed, scope), args, { viewable: typeArgs.public }) };
  };

  /** An update's arguments with the fields registered for the type, as the original's `EDITABLE` item arguments. */
  const writeArgs = () => {
    const args: Record<string, z.ZodType> = { ...writePostArgs(controller.schema()) };
    delete args.id;
    for (const [name, field] of controller.type.fields) {
      if (field.update === undefined || field.schema === undefined || Object.hasOwn(args, name)) continue;
      if (itemJsonSchema(field.schema).readonly === true) continue;
      args[name] = field.schema.optional();
    }
    return args;
  };

  const collection = defineRoute({
    path,
    schema: itemSchema,
    // Declared as the original declares it, though the path names the record `id`.
    args: { parent: z.number().int().optional().meta(parentMeta) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(itemSchema) },
        permission: (request) => mayRead(request, pathId(request), 'rest_cannot_read.autosaves'),
        handler: async (args, request) => {
          const parent = await parentOf(request, pathId(request));
          const autosaves = await autosavesOf(store, parent.id, controller.nowGmt());
          const edit = args.context === 'edit';
          return response(await Promise.all(autosaves.map((saved) => record(saved, parent, request, edit))));
        },
      }),
      endpoint({
        methods: CREATABLE,
        // Read when the routes are compiled: the fields of taxonomies declared after the type are in by then.
        get args() {
          return writeArgs();
        },
        permission: (request, args) => {
          const id = pathId(request);
          if (id <= 0) return contentError('rest_post_invalid_id');
          return controller.canUpdate(request, { ...(args as WritePostArgs), id });
        },
        handler: async (args, request) => {
          const parent = await parentOf(request, pathId(request)).catch(() => {
            throw contentError('rest_post_invalid_id');
          });
          const saved = await atomic(() => autosave(controller, parent, args as WritePostArgs, request));
          if (saved instanceof RestError) throw saved;
          // The record after the write: the draft itself when it was the draft that changed.
          const current = saved.id === parent.id ? saved : parent;
          return response(await record(saved, current, request, true), { context: 'edit' });
        },
      }),
    ],
  });

  const item = defineRoute({
    path: `/${typeArgs.restBase}/:parent/autosaves/:id`,
    schema: itemSchema,
    args: { ...parentArg, id: z.number().int().meta({ description: 'The ID for the autosave.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(itemSchema) },
        permission: (request, args) => mayRead(request, args.parent, 'rest_cannot_read'),
        handler: async (args, request) => {
          const parent = await parentOf(request, args.parent);
          // As the original (`wp_get_post_autosave` of the parent): the newest autosave, any author's.
          const [newest] = await autosavesOf(store, parent.id, controller.nowGmt(), { limit: 1 });
          if (newest === undefined) throw contentError('rest_post_no_autosave');
          return response(await record(newest, parent, request, args.context === 'edit'));
        },
      }),
    ],
  });

  return [collection, item];
}
