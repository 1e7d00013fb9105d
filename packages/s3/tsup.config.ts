import { defineConfig, packageBuild } from '../../tsup.package.ts';

export default defineConfig(packageBuild(['src/index.ts', 'src/settings.ts']));
