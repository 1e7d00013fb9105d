/**
 * cms-json core: runtime-agnostic. Namespaces and routes declared as data, arguments and
 * item schemas in Zod (published as draft-04 JSON Schema), links with CURIEs, `_embed`,
 * `_envelope`, `_jsonp`, method override, pagination and discovery.
 *
 * @module
 */

export { type BatchAnswer, MAX_BATCH_SIZE, type TransactionRunner } from './batch.js';
export { BatchScope, type BatchSlot, batchSlot } from './batch-scope.js';
export { declaredTooLarge, limitBodyStream } from './body-stream.js';
export { CacheKeys, IGNORED_CACHE_KEYS } from './cache-keys.js';
export { collectionArgs, collectionResponse, contextArg, type PageWindow, pageWindow } from './collection.js';
export type { SiteDescriber, SiteDescription } from './discovery.js';
export { permissionsChanged } from './dispatch.js';
export {
  coreError,
  denied,
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  type ErrorCodeInfo,
  type ErrorCodeTable,
  errorFactory,
  isRestError,
  type MessageParams,
  type PlainErrorKey,
  RestError,
  type RestErrorOptions,
  type TableErrorArguments,
  type TableErrorMaker,
  type TableErrorOptions,
  toRestError,
} from './errors.js';
export { escapeHtml } from './escape-html.js';
export { type HttpHeaders, type HttpRequest, type HttpResponse, headerLines, isBodiless } from './http.js';
export type { Curie } from './links/curies.js';
export type { LinkContext, LinkObject, Links, LinkTemplate } from './links/link.js';
export { apiRoutePath, isUnderRestRoot, normalizeBasePath, stripBasePath } from './mount.js';
export type { CompiledEndpoint, CompiledRoute } from './namespace.js';
export type { FieldValidation, FieldValueReporting } from './object-types/field-value-check.js';
export type {
  ActionName,
  AnyRecord,
  AnyRecordTypes,
  FilterName,
  HookName,
  ObjectTypeHooks,
  ObjectTypeRecords,
  PreparedRecord,
  RecordTypes,
  RecordTypesOf,
  WriteEvent,
  WrittenRecord,
} from './object-types/hooks.js';
export { type AuthorsProvider, ObjectType, type ObjectTypeOptions, type Registered } from './object-types/object-type.js';
export {
  type ArgsFilter,
  type BuiltRoutes,
  type DeclaredType,
  ObjectTypeRegistry,
  type ObjectTypeRegistryOptions,
  type RegistrationCheck,
  type TypeDeclaration,
} from './object-types/registry.js';
export type { RestField } from './object-types/rest-field.js';
export { allOf, editContextRequires, requireCapability, requireLogin } from './permissions.js';
export type { Authenticator, AuthOutcome } from './pipeline/authenticator.js';
export { entityTag, hashText, matchesTag } from './pipeline/etag.js';
export type { CorsPolicy } from './pipeline/headers.js';
export type { RenderableAnswer, ResponseRenderer } from './pipeline/render.js';
export { type SharedCacheOptions, type SharedCachePolicy, sharedCachePolicy } from './pipeline/shared-cache.js';
export { describeRegistrant, type PluginFunction, pluginName, type Registrant } from './plugin-scope.js';
export { parseQueryString, type QueryMap, type QueryValue, stringifyQuery } from './query-string.js';
export type { Principal, RequestScope, RestRequestInit } from './request.js';
export { RestRequest } from './request.js';
export { type RequestLocal, requestLocal } from './request-local.js';
export { type ResponseInit, RestResponse, response } from './response.js';
export {
  ALLMETHODS,
  type AllowBatch,
  type ArgsOf,
  CREATABLE,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type EndpointDefinition,
  type HandlerResult,
  type HttpMethod,
  type ItemOf,
  type MergedArgs,
  type Permission,
  type PermissionCheck,
  READABLE,
  type Route,
  type RouteDefinition,
  type SchemaLink,
  type StreamedBody,
  type Validator,
} from './route.js';
export { type ArgsShape, nullPassesUnchecked, parseRequestArgs, type RequestCheck, withRequestCheck } from './schema/args.js';
export { createArgs, updateArgs } from './schema/item-args.js';
export { inlineRefs, itemJsonSchema, type RestContext, toJsonSchema } from './schema/to-json-schema.js';
export { type JsonSchema, sanitizeValue, type ValidationIssue, validateValue } from './schema/validate.js';
export {
  createRestServer,
  type Plugin,
  type RequestWrapper,
  RestServer,
  type RestServerOptions,
  type ServerDispatchOptions,
  type ServerExtensions,
} from './server.js';
export type { PrefixNames } from './server-context.js';
export { discoveryLinkElement, discoveryLinkHeader, type PageDefinition, type PageRequest, type PageResponse } from './site.js';
