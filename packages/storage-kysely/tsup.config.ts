import { defineConfig } from 'tsup'
import { baseConfig } from '../../tsup.config.base'

// `pglite-parsers` on its own as well, for a thread that runs PGlite and nothing else of the storage's (the
// standalone server's database thread): a few lines, where the package's entry is all of it.
export default defineConfig({ ...baseConfig, entry: { index: 'src/index.ts', 'pglite-parsers': 'src/postgres/pglite-parsers.ts' } })
