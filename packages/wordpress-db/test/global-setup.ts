/**
 * Vitest global setup of the projects that serve a WordPress database: starts the throwaway
 * MariaDB of `scripts/mariadb.sh` (installing Debian's package as root when missing) unless
 * `CMS_TEST_MYSQL_URL` names one, and gives its URL to the tests as `inject('mysqlUrl')`. With
 * no MariaDB to be had, the URL is empty and those tests are skipped, saying so; CI sets
 * `CMS_REQUIRE_MARIADB=1`, which makes that a failure instead. The type of `mysqlUrl` is in
 * `provided-context.d.ts`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const script = fileURLToPath(new URL('../../../scripts/mariadb.sh', import.meta.url));

export default function setup(project: TestProject): (() => void) | undefined {
  const given = process.env.CMS_TEST_MYSQL_URL;
  if (given !== undefined && given !== '') {
    project.provide('mysqlUrl', given);
    return undefined;
  }
  const dir = `${process.env.TMPDIR ?? '/tmp'}/cms-json-mariadb-vitest-${process.pid}`;
  const env = { ...process.env, CMS_MARIADB_DIR: dir };
  try {
    const url = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    project.provide('mysqlUrl', url);
  } catch (error) {
    if (process.env.CMS_REQUIRE_MARIADB === '1') throw error;
    console.warn('[wordpress-db] no MariaDB could be started: the tests on a WordPress database are skipped.');
    project.provide('mysqlUrl', '');
    return undefined;
  }
  return () => {
    execFileSync('bash', [script, 'stop'], { env, stdio: 'ignore' });
  };
}
