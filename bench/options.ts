/**
 * Command-line flags and the plan they select: how many rounds, how long each run, how
 * many requests for the memory case. Every number that bounds the run lives here.
 *
 * @module
 */

/** How long and how much of everything. */
export interface Plan {
  readonly mode: 'full' | 'quick';
  /** autocannon connections. */
  readonly connections: number;
  /** Case 1, 3 and 4 (the list, on every server). */
  readonly list: { rounds: number; seconds: number; warmupSeconds: number };
  /** Case 2 (item, 404, create). */
  readonly others: { rounds: number; seconds: number; warmupSeconds: number };
  /** Case 5: seconds of the in-process loop (each of `handle` and `dispatch`). */
  readonly inProcessSeconds: number;
  /** Case 6: RSS is read after `checkpoints` requests in total; each leg is capped at `capSeconds`. */
  readonly memory: { checkpoints: readonly number[]; capSeconds: number };
  /** `--profile`: seconds of load on the profiled child. */
  readonly profileSeconds: number;
  /** `--alloc`: requests sampled by the heap profiler. */
  readonly allocRequests: number;
  /** `--compare`: rounds of the saved build, the current one, the hand-written server and Fastify. */
  readonly compare: { rounds: number; seconds: number; warmupSeconds: number };
}

/** The parsed flags. */
export interface Options {
  readonly plan: Plan;
  /** `--write`: record the tables in `docs/performance.md`. */
  readonly write: boolean;
  /** `--save=<name>`: keep the current cms-json server builds (node and Fetch adapters) under a name, and stop. */
  readonly save: string | undefined;
  /**
   * `--compare=<name>[@case[@server]]`: run a saved build against the current one (default
   * case `list`, server `cms-node`; or `cms-fetch`) instead of benchmarking.
   */
  readonly compare: string | undefined;
  /** `--profile[=case[@server]]`: profile one child on one case (default `list@cms-node`) instead of benchmarking. */
  readonly profile: string | undefined;
  /** `--alloc[=case]`: sample what `server.handle()` allocates per request on one case (default `list`) instead of benchmarking. */
  readonly alloc: string | undefined;
  /** `--wordpress`: only the WordPress-database cases (MariaDB), against WordPress's recorded figures. */
  readonly wordpress: boolean;
  /** `--shared-cache`: only the origin's CPU per 1,000 anonymous posts-list reads, directly and through Varnish. */
  readonly sharedCache: boolean;
  /**
   * `--runtimes[=bun,deno,workerd]`: only the runtime table: the tel list and item on Node, Bun, Deno and
   * workerd against each runtime's minimal handler (all runtimes unless listed; the node adapter always).
   */
  readonly runtimes: readonly ('bun' | 'deno' | 'workerd')[] | undefined;
}

const FULL: Plan = {
  mode: 'full',
  connections: 50,
  // More, shorter rounds: on a shared machine a neighbour's burst then spoils one round of
  // a server's, not its median. The warm-up lets every server reach its optimised code.
  list: { rounds: 7, seconds: 1.5, warmupSeconds: 2 },
  others: { rounds: 3, seconds: 1.5, warmupSeconds: 1 },
  inProcessSeconds: 2,
  memory: { checkpoints: [10_000, 100_000], capSeconds: 25 },
  profileSeconds: 15,
  allocRequests: 20_000,
  compare: { rounds: 12, seconds: 1.5, warmupSeconds: 2 },
};

const QUICK: Plan = {
  mode: 'quick',
  connections: 50,
  list: { rounds: 2, seconds: 1, warmupSeconds: 0.5 },
  others: { rounds: 1, seconds: 1, warmupSeconds: 0 },
  inProcessSeconds: 0.5,
  memory: { checkpoints: [1_000, 5_000], capSeconds: 5 },
  profileSeconds: 5,
  allocRequests: 5_000,
  compare: { rounds: 5, seconds: 1, warmupSeconds: 1 },
};

const USAGE = `Usage: npm run bench -- [--quick] [--write] [--wordpress] [--shared-cache] [--runtimes] [--profile] [--alloc] [--save=<name>] [--compare=<name>]
  --quick    a short run (~30-60 s) with fewer rounds and requests
  --wordpress  only the WordPress-database cases: cms-json on the WordPress 6.1 fixture in MariaDB
             against WordPress's own figures (bench/wordpress-figures.json); with --write, recorded
             in docs/performance.md's "Serving a WordPress database" section
  --shared-cache  only the shared-cache case: the example site's CPU per 1,000 anonymous posts-list
             reads directly and through Varnish (scripts/varnish.sh, docs/varnish.vcl), and the hit ratio
  --runtimes[=bun,deno,workerd]  only the runtime table: cms-json's tel list and item on Node (node
             adapter), Bun.serve, Deno.serve and workerd, each against its runtime's minimal handler
             sending the same bytes, by server CPU per request; with --write, recorded in
             docs/performance.md's "Per runtime" section
  --write    record the results in docs/performance.md
  --profile[=case[@server]]  run one server child under --cpu-prof on one case and print the top
             self-time functions (cases: list, item, missing, create, posts-list, posts-category, posts-embed, posts-item, posts-comments, posts-create, item-304, posts-item-304;
             servers: cms-node, cms-express,
             cms-fetch, baseline-node, fastify, express-plain, cms-posts, baseline-posts, fastify-posts;
             default list@cms-node)
  --alloc[=case]  sample what server.handle() allocates per request on one case (default list), in
             process, and print the bytes per request by function
  --save=<name>  keep the current cms-json server builds (cms-node, cms-fetch) under <name>
  --compare=<name>[@case[@server]]  run the build saved as <name>, the current one and their baselines
             side by side on one case (default list) and print the CPU ratios; server cms-node (default:
             against the hand-written server and Fastify) or cms-fetch (against the node adapter and
             the hand-written server)`;

/** Parses `process.argv`-style flags; exits with the usage on an unknown flag. */
export function parseOptions(argv: readonly string[]): Options {
  const known = new Set(['--quick', '--write', '--profile', '--alloc', '--wordpress', '--shared-cache', '--runtimes', '--help']);
  for (const arg of argv) {
    if (
      !known.has(arg) &&
      !['--profile=', '--alloc=', '--save=', '--compare=', '--runtimes='].some((prefix) => arg.startsWith(prefix))
    ) {
      console.error(`Unknown flag ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (argv.includes('--help')) {
    console.log(USAGE);
    process.exit(0);
  }
  const flagValue = (flag: string) => argv.find((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);
  // A flag whose value may be left out: `--profile` is `--profile=list`.
  const caseFlag = (flag: string) => (argv.includes(flag) ? 'list' : flagValue(flag));
  return {
    plan: argv.includes('--quick') ? QUICK : FULL,
    write: argv.includes('--write'),
    profile: caseFlag('--profile'),
    alloc: caseFlag('--alloc'),
    save: flagValue('--save'),
    compare: flagValue('--compare'),
    wordpress: argv.includes('--wordpress'),
    sharedCache: argv.includes('--shared-cache'),
    runtimes: parseRuntimes(argv.includes('--runtimes') ? '' : flagValue('--runtimes')),
  };
}

const TABLE_RUNTIMES = ['bun', 'deno', 'workerd'] as const;

/** `--runtimes` (every runtime), `--runtimes=bun,deno` (those), absent (`undefined`); exits on an unknown name. */
function parseRuntimes(value: string | undefined): Options['runtimes'] {
  if (value === undefined) return undefined;
  if (value === '') return TABLE_RUNTIMES;
  const names = value.split(',').map((name) => name.trim());
  const known = new Set<string>(TABLE_RUNTIMES);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    console.error(
      `Unknown runtime ${unknown.join(', ')} in --runtimes: use ${TABLE_RUNTIMES.join(', ')} (the node adapter always runs).`,
    );
    process.exit(2);
  }
  return TABLE_RUNTIMES.filter((name) => names.includes(name));
}
