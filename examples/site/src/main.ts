/**
 * `npm start`: serves the example site on node:http, on the embedded SQLite database by
 * default or on `DATABASE_URL=postgres://…`. With `WORKERS=N` (N > 1) the port is served by N
 * worker processes (node:cluster), which share nothing but the database and `CMS_SECRET`;
 * a worker that dies is replaced. SIGINT and SIGTERM stop gracefully (queued connections
 * answered, in-flight requests finished, at most 10 s, then the database closed).
 *
 * @module
 */
import cluster from 'node:cluster';
import { redactDatabaseUrl } from '@cms-json/database';
import { serve } from '@cms-json/node';
import { readConfig, type SiteConfig } from './config.js';
import { createSite } from './create-site.js';
import { describeMediaStore } from './media-store.js';

async function runPrimary(config: SiteConfig): Promise<void> {
  if (config.secret === undefined) {
    console.error('WORKERS > 1 needs CMS_SECRET: every worker must sign nonces with the same key.');
    process.exit(1);
  }
  console.log(`cms-json example site: ${config.workers} workers on http://${config.host}:${config.port}`);
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: unknown) => {
      if (typeof message === 'string') console.log(message);
    });
  };
  // The first worker migrates and seeds (the others would wait for its lock anyway), then the rest start.
  fork();
  let started = 1;
  cluster.on('listening', () => {
    while (started < config.workers) {
      started += 1;
      fork();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the workers…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function runServer(config: SiteConfig): Promise<void> {
  const site = await createSite(config);
  const fallback = site.media.fallback;
  const listening = await serve({ server: site.server, port: config.port, host: config.host, fallback });
  const root = site.server.restRootUrl();
  const say = (line: string) => (cluster.isWorker ? process.send?.(line) : console.log(line));

  if (cluster.isWorker) {
    say(`worker ${process.pid} listening`);
  } else {
    console.log(`cms-json example site listening on http://${config.host}:${listening.port}`);
    console.log(`  site:      ${config.siteUrl}/`);
    console.log(`  REST root: ${root}`);
    console.log(`  authoring: ${config.siteUrl}/${config.prefix}-admin/ (the block editor; sign in with a login password)`);
    console.log(`  database:  ${redactDatabaseUrl(config.databaseUrl)}`);
    console.log(`  uploads:   ${describeMediaStore(config.mediaStore, config.uploadsDir)}`);
  }
  if (site.firstAdmin !== undefined) {
    say(
      `  created administrator "${site.firstAdmin.login}"${site.firstAdmin.generated ? ' with a generated application password (shown once):' : '.'}`,
    );
    if (site.firstAdmin.generated) say(`      ${site.firstAdmin.password}`);
    say(`  authenticate: HTTP Basic with an application password, e.g.`);
    say(`      curl -u ${config.adminUser}:'<application password>' ${root}${config.prefix}/v2/users/me`);
    say(`  browse:    open ${root} in a browser and sign in as "${site.firstAdmin.login}" with the same application password`);
    if (site.firstAdmin.loginPassword !== undefined) {
      say(
        `  write:     open ${config.siteUrl}/${config.prefix}-admin/ and sign in as "${site.firstAdmin.login}" with the generated password (shown once):`,
      );
      say(`      ${site.firstAdmin.loginPassword}`);
    }
  }
  if (site.sampleLinksAdded > 0) say(`  added ${site.sampleLinksAdded} sample outgoing links`);
  const sample = site.sampleContentAdded;
  if (sample !== undefined && sample.posts + sample.books > 0) {
    say(
      `  added sample content: ${sample.posts} posts, ${sample.pages} pages, ${sample.books} books by ${sample.bookAuthors} book authors`,
    );
  }

  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`\n${signal}: finishing in-flight requests…`);
    // `close()` takes what waits in the accept queue, then stops accepting, lets every accepted
    // request finish and cuts what is still busy after 10 s; past 15 s the process exits anyway.
    setTimeout(() => {
      console.error('stop: still busy after 15 s; exiting.');
      process.exit(1);
    }, 15_000).unref();
    await listening.close();
    await site.close();
    if (!cluster.isWorker) console.log('stopped.');
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

try {
  const config = readConfig(process.env);
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
  else await runServer(config);
} catch (error) {
  console.error(`cms-json example site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
