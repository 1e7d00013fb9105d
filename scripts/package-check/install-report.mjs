// What installing the packages brings (scratch project of scripts/check-packages.sh):
//
// 1. Every package with an install script (`preinstall`, `install`, `postinstall`, or a
//    `binding.gyp`, which npm builds with node-gyp) in the dependency tree of an @cms-json
//    package: its `dependencies`, the `optionalDependencies` installed for this platform and
//    its required peers, transitively. The check fails on any. Optional peers (better-sqlite3,
//    pg, sharp, swagger-ui-dist) are the user's choice and not walked.
// 2. For each @cms-json package: the unpacked size of its own files, and of its production
//    dependency tree (itself, its `dependencies` and installed `optionalDependencies`,
//    transitively; no peers), with the number of packages in that tree besides itself.
//
// Usage: node install-report.mjs   (in the scratch project)
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(process.cwd(), 'node_modules');
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

function manifest(dir) {
  const file = join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** The bytes of a package's own files (not its nested node_modules). */
function ownSize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += ownSize(path);
    else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
}

/** Where `name` resolves from the package in `dir`, as Node looks it up, or undefined. */
function resolvePackage(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(at) === at) return undefined;
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0).padStart(7)} kB`;
console.log('package                    own size    tree size  packages in tree');
/**
 * The packages of the tree of the package in `dir` (real paths → manifests), following the
 * fields that `fields` names for each manifest.
 */
function tree(dir, fields) {
  const found = new Map([[dir, manifest(dir)]]);
  const queue = [dir];
  while (queue.length > 0) {
    const at = queue.shift();
    const { required, optional } = fields(found.get(at));
    for (const name of [...required, ...optional]) {
      const path = resolvePackage(name, at);
      if (path === undefined) {
        if (!optional.includes(name))
          throw new Error(`${found.get(dir).name}: ${name} (needed by ${found.get(at).name}) is not installed`);
        continue;
      }
      if (!found.has(path)) {
        found.set(path, manifest(path));
        queue.push(path);
      }
    }
  }
  return found;
}

/** Dependencies and installed optional dependencies: what `npm install <package>` adds. */
const production = (pkg) => ({
  required: Object.keys(pkg.dependencies ?? {}),
  optional: Object.keys(pkg.optionalDependencies ?? {}),
});
/** The same and the required peers (npm installs them too). */
const withPeers = (pkg) => {
  const optionalPeers = Object.entries(pkg.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional === true);
  const peers = Object.keys(pkg.peerDependencies ?? {}).filter((name) => !optionalPeers.some(([optional]) => optional === name));
  const own = production(pkg);
  return { required: [...own.required, ...peers], optional: own.optional };
};

const ours = readdirSync(join(root, '@cms-json')).map((name) => realpathSync(join(root, '@cms-json', name)));
const withScripts = new Map();
for (const dir of ours) {
  const pkg = manifest(dir);
  const installed = tree(dir, production);
  const treeSize = [...installed.keys()].reduce((sum, path) => sum + ownSize(path), 0);
  console.log(`${pkg.name.padEnd(24)} ${kb(ownSize(dir))} ${kb(treeSize)} ${String(installed.size - 1).padStart(6)}`);
  for (const [path, inTree] of tree(dir, withPeers)) {
    const scripts = INSTALL_SCRIPTS.filter((name) => inTree.scripts?.[name] !== undefined);
    if (scripts.length === 0 && existsSync(join(path, 'binding.gyp'))) scripts.push('install (binding.gyp)');
    if (scripts.length > 0) withScripts.set(`${inTree.name}@${inTree.version} (${scripts.join(', ')})`, pkg.name);
  }
}

for (const [found, from] of withScripts) console.error(`install script: ${found}, in the tree of ${from}`);
if (withScripts.size > 0) {
  console.error(`${withScripts.size} package(s) in the @cms-json packages' trees run an install script.`);
  process.exitCode = 1;
} else {
  console.log('install scripts: none in the trees of the @cms-json packages (dependencies and required peers)');
}
