/**
 * The viewer on a site where `swagger-ui-dist` (its optional peer) is not installed: its
 * resolution fails here as it does then, and `server.use(apiViewer())` refuses to start with
 * the table's `rest_missing_package`, naming the command that fixes it. (viewer.test.ts serves
 * the files of the installed copy.)
 */
import { createRestServer, RestError } from '@cms-json/core';
import { describe, expect, it, vi } from 'vitest';
import { apiViewer } from './viewer.js';

vi.mock('node:module', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:module')>();
  const createRequire = (url: string | URL) => {
    const require = original.createRequire(url);
    const resolve = (id: string) => {
      if (id.startsWith('swagger-ui-dist')) {
        throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
      }
      return require.resolve(id);
    };
    return Object.assign((id: string) => require(id), require, { resolve });
  };
  return { ...original, createRequire, default: { ...original, createRequire } };
});

describe('apiViewer() without swagger-ui-dist installed', () => {
  it('stops start-up with rest_missing_package naming npm install swagger-ui-dist', async () => {
    const server = createRestServer();
    const failure = await server.use(apiViewer()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RestError);
    const error = failure as RestError;
    expect(error.code).toBe('rest_missing_package');
    expect(error.message).toBe(
      'apiViewer() (@cms-json/openapi/viewer) needs the package "swagger-ui-dist", which is not installed here. Run `npm install swagger-ui-dist` and start again.',
    );
  });
});
