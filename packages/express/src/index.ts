/**
 * Express middleware for cms-json, built on `@cms-json/node`.
 *
 * @example
 * ```ts
 * app.use('/api', createMiddleware(server));
 * ```
 *
 * @module
 */
export { createMiddleware } from './middleware.js';
