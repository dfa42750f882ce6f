// `prepack` and `postpack` of @canvass/server: the repository's documentation pages (`docs/*.md`, those the server
// serves at `/docs/`) go into the package while it is packed, so that a server installed from npm serves the
// documentation of its own version and its `--help` names a page that is there (src/where-installed.ts). Run as
// `node scripts/packed-docs.mjs add` before packing and `… remove` after; the copy is never committed.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const source = fileURLToPath(new URL('../../../docs/', import.meta.url))
const target = fileURLToPath(new URL('../docs/', import.meta.url))

rmSync(target, { recursive: true, force: true })
if (process.argv[2] === 'add') {
  mkdirSync(target)
  for (const name of readdirSync(source).filter((entry) => /^[A-Za-z0-9-]+\.md$/.test(entry))) {
    copyFileSync(`${source}${name}`, `${target}${name}`)
  }
} else if (process.argv[2] !== 'remove') {
  console.error('usage: node scripts/packed-docs.mjs add|remove')
  process.exit(1)
}
