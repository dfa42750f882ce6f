/**
 * The docs index (`docs/README.md`) links every page of `docs/`, and only pages that are there: docs/surveys.md
 * was missing from it (issue 69, item 15).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url))

const test = suite('the docs index')

test('docs/README.md links every page of docs/, and every page it links is there', () => {
  const index = readFileSync(join(DOCS, 'README.md'), 'utf8')
  const linked = new Set([...index.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] as string))
  const pages = readdirSync(DOCS).filter((name) => name.endsWith('.md') && name !== 'README.md')
  assert.ok(pages.length >= 10, `${pages.length} pages`)
  assert.equal(
    pages.filter((page) => !linked.has(page)),
    [],
    'pages docs/README.md does not link',
  )
  assert.equal(
    [...linked].filter((target) => !/^https?:/.test(target) && !existsSync(join(DOCS, target))),
    [],
    'links to nothing',
  )
})

test.run()
