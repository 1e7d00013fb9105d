/**
 * Swagger UI's files for the viewer, from the site's own copy of `swagger-ui-dist`: an
 * optional peer of `@cms-json/openapi` (12 MB, so a site without the viewer does not install
 * it). {@link swaggerUiFiles} finds the package when the viewer plugin is used, and throws
 * `rest_missing_package` naming `npm install swagger-ui-dist` when it is not installed, so
 * the site does not start with a viewer that cannot load.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { coreError, type PageResponse } from '@cms-json/core';

/** The files of Swagger UI the viewer page loads, with their types. */
const FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=UTF-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=UTF-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=UTF-8',
};

/** Swagger UI's files, each read once and kept. */
export interface SwaggerUiFiles {
  /** The answer for `file`, or `undefined` when it is not one of the files the page loads. */
  page(file: string): Promise<PageResponse> | undefined;
}

/**
 * Swagger UI's files from the installed `swagger-ui-dist` (resolved from this package, so
 * the user's own copy). Throws `rest_missing_package` when it is not installed.
 *
 * @example
 * ```ts
 * const files = swaggerUiFiles(); // at plugin time: a missing package stops start-up
 * const answer = files.page('swagger-ui.css');
 * ```
 */
export function swaggerUiFiles(): SwaggerUiFiles {
  let directory: string;
  try {
    directory = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch (error) {
    throw coreError('rest_missing_package', {
      params: { plugin: 'apiViewer() (@cms-json/openapi/viewer)', package: 'swagger-ui-dist' },
      cause: error,
    });
  }
  const cache = new Map<string, Promise<PageResponse>>();
  return {
    page(file) {
      const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
      if (type === undefined) return undefined;
      let answer = cache.get(file);
      if (answer === undefined) {
        answer = readFile(join(directory, file), 'utf8').then((body) => ({
          headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' },
          body,
        }));
        cache.set(file, answer);
      }
      return answer;
    },
  };
}
