// What the standalone server imports at run time rather than from its bundle: read by its tsup.config.ts, by
// scripts/stale.mjs, which takes every other workspace package the server's sources import as bundled, and by
// scripts/test-packages.mjs, which checks that the server's dependencies are these alone. PGlite, the widget,
// the editor and the console (which read files next to their own module) are its dependencies; pg-native, pg's optional native binding, is loaded only if a user installed it and asked
// pg for it, and is declared nowhere (pnpm would install a declared optional peer, and build it).
export const UNBUNDLED = ['@electric-sql/pglite', '@canvass/widget', '@canvass/editor', '@canvass/console', 'pg-native']
