import { defineConfig, packageBuild } from '../../tsup.package.ts';

// The D1 entry is built on its own, without tsup's ESM shims (`import path from "path"`): it
// must load on workerd, with or without nodejs_compat, where no Node module may be imported.
// The first build leaves its files alone when it cleans; the second cleans nothing.
export default defineConfig([
  packageBuild(['src/index.ts', 'src/testing.ts'], ['d1.*']),
  { ...packageBuild(['src/d1.ts']), clean: false, shims: false },
]);
