#!/usr/bin/env node
/**
 * The `cms-json` program (the package's `bin`): the administrator command line of
 * {@link runCli}, on the process's arguments and streams.
 *
 * ```sh
 * npx cms-json create-admin --login admin --email admin@example.com --db sqlite:./data/site.db
 * npx cms-json serve --wordpress mysql://wp:secret@127.0.0.1/wordpress   # needs @cms-json/wordpress-db
 * npx cms-json --help
 * ```
 *
 * @module
 */
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
