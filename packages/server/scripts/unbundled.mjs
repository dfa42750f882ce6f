// What the standalone server imports at run time rather than from its bundle: read by its tsup.config.ts, and by
// scripts/stale.mjs, which takes every other workspace package the server runs on as bundled.
export const UNBUNDLED = ['@electric-sql/pglite', '@canvass/widget', 'pg-native']
