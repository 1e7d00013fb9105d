/**
 * What the global setup of the projects that serve a WordPress database (`global-setup.ts`,
 * also the conformance project's) gives their tests through `inject`. The wordpress-db
 * project includes this file; another project's test names it with a triple-slash reference.
 */
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test MariaDB server (`mysql://user:password@127.0.0.1:port/`), or '' when there is none. */
    mysqlUrl: string;
  }
}
