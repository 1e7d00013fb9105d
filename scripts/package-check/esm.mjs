// Imports every entry point from ESM and checks that its exports are there (scratch project
// of scripts/check-packages.sh; no TypeScript, as a user's plain `.mjs` would).
import { readFileSync } from 'node:fs';

const entries = JSON.parse(readFileSync(new URL('./entries.json', import.meta.url), 'utf8'));
for (const [specifier, names] of Object.entries(entries)) {
  const module = await import(specifier);
  const missing = names.filter((name) => module[name] === undefined);
  if (missing.length > 0) throw new Error(`ESM ${specifier}: missing exports ${missing.join(', ')}`);
  if (!import.meta.resolve(specifier).endsWith('.js'))
    throw new Error(`ESM ${specifier} resolved to ${import.meta.resolve(specifier)}`);
}
console.log(`esm: ${Object.keys(entries).length} entry points import`);
