import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// The Node entry a host imports to hand the bundle to `createCanvass`; the browser bundle itself is built by
// scripts/build-bundle.mjs.
export default defineConfig({ ...baseConfig, clean: false })
