/**
 * Profiles `server.handle()` on the list route in process: `node --cpu-prof --import tsx
 * bench/profile-inprocess.ts [count]`, then read the profile with `bench/profile.ts`.
 */
import { seed } from './seed.js';
import { createCmsApp } from './shared/cms-app.js';
import { LIST_PATH } from './shared/constants.js';

const count = Number(process.argv[2] ?? 20_000);
const seeded = await seed();
const app = await createCmsApp(seeded.copyFor('profile'));
const request = { method: 'GET', url: process.argv[3] ?? LIST_PATH, headers: { host: '127.0.0.1' } };
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
