/**
 * Profiles `server.handle()` on one path in process: `node --cpu-prof --import tsx
 * bench/profile-inprocess.ts [count] [path]`, then read the profile with `bench/profile.ts`.
 * A path under the posts routes runs on the posts site (the content package), any other on
 * the tel site.
 */
import { seed } from './seed.js';
import { createCmsApp } from './shared/cms-app.js';
import { LIST_PATH, POSTS_PATH } from './shared/constants.js';
import { createPostsApp } from './shared/posts-app.js';

const count = Number(process.argv[2] ?? 20_000);
const url = process.argv[3] ?? LIST_PATH;
const seeded = await seed();
const posts = url.startsWith(POSTS_PATH.replace(/\/posts$/, ''));
const app = posts ? await createPostsApp(seeded.copyFor('profile', 'posts')) : await createCmsApp(seeded.copyFor('profile'));
const request = { method: 'GET', url, headers: { host: '127.0.0.1' } };
for (let i = 0; i < 2000; i++) await app.server.handle(request);
const started = performance.now();
const cpu = process.cpuUsage();
for (let i = 0; i < count; i++) await app.server.handle(request);
const used = process.cpuUsage(cpu);
const ms = performance.now() - started;
const cpuMicros = (used.user + used.system) / count;
console.log(`${count} handle() calls: ${((ms * 1000) / count).toFixed(1)} µs each (wall), ${cpuMicros.toFixed(1)} µs CPU`);
await app.close();
seeded.remove();
