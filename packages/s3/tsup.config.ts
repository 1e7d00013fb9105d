import { defineConfig, packageBuild } from '../../tsup.package.ts';

export default defineConfig(packageBuild());
