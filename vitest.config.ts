import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // One test file per core. Vitest's own default for a run is one worker fewer than the
    // cores, which on CI's 2 cores is 1: the whole suite ran file after file while a core
    // stayed idle (issue 37's last run: 820 s of wall time for 757 s of summed import,
    // transform and test time). The tests also wait on sockets, child processes and database
    // servers, so a second worker on 2 cores fills that time. Every server a test starts
    // listens on a free port, and every storage test has its own database (in-memory SQLite,
    // a fresh PostgreSQL schema, a fresh MariaDB database), so files running side by side
    // share nothing. VITEST_MAX_WORKERS (or --maxWorkers) still overrides it.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
