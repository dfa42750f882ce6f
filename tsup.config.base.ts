import type { Options } from 'tsup'

/** Shared build settings: ESM only, with declarations, one entry per package. */
export const baseConfig: Options = {
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2023',
  splitting: false,
}
