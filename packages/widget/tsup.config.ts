import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// The Node entry a host imports to hand the bundles to `createCanvass`; the bundles themselves are built
// by scripts/build-bundles.mjs.
export default defineConfig({ ...baseConfig, clean: false })
