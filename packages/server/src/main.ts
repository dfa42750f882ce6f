// `node dist/main.js`: the server alone, without the CLI's other commands (`pnpm start`, the tests, the benches).
import { embeddedDatabaseLikely, prestartPGliteThread } from './pglite-thread'

// The embedded database's thread starts loading PGlite now, while this thread loads the server's code; the server
// opens the database in it once it holds the data folder (pglite-thread.ts).
if (embeddedDatabaseLikely(process.argv.slice(2), process.env)) prestartPGliteThread()
const { start } = await import('./start')
await start()
