import { defineConfig, packageBuildBundlingForCjs } from '../../tsup.package.ts';

// path-to-regexp@9 is ESM only: the CommonJS build carries it (scripts/check-packages.sh requires it with require(esm) off).
export default defineConfig(packageBuildBundlingForCjs(['src/index.ts', 'src/testing.ts'], ['path-to-regexp']));
