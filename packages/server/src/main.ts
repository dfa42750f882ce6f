// `node dist/main.js`: the server alone, without the CLI's other commands (`pnpm start`, the tests, the benches).
import * as nodeModule from 'node:module'
import { embeddedDatabaseLikely, prestartPGliteThread } from './pglite-thread'

// V8's compiled code for the server's modules is kept on disk (Node.js's compile cache, in the system's temporary
// folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so that a warm start does not compile them again. Node.js
// before 22.1 has no such cache.
;(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.()
// The embedded database's thread starts loading PGlite now, while this thread loads the server's code; the server
// opens the database in it once it holds the data folder (pglite-thread.ts).
if (embeddedDatabaseLikely(process.argv.slice(2), process.env)) prestartPGliteThread()
const { start } = await import('./start')
await start()
