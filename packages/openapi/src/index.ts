/**
 * `@cms-json/openapi`: the OpenAPI 3.1 document of a cms-json server's routes, a plugin on
 * the core's public API. The Swagger UI viewer is the Node-only `@cms-json/openapi/viewer`.
 *
 * @module
 */
export { type OpenApiDocument, type OpenApiInfo, type OpenApiOptions, openApiDocument } from './document.js';
export { type OpenApiPluginOptions, openapi } from './openapi.js';
