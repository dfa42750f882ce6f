/**
 * docs/routes.md lists exactly the routes Canvass registers: a route added without its row in the docs,
 * or a row left after its route went away, fails here.
 */
import { readFile } from 'node:fs/promises'
import { suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass } from '../src/index'

const ROUTES_MD = new URL('../../../docs/routes.md', import.meta.url)

const { test: docs, bed } = suiteWithBed('docs/routes.md', { widgetBundles: false })

docs('lists every registered route once, and nothing else', async () => {
  // With a blob store, the widget, the editor and the console's accounts, so that their routes are there too.
  const canvass = createCanvass({
    storage: bed().storage,
    blobStore: bed().blobStore,
    secret: 'a-secret-of-enough-length',
    widget: { formbricks: '', surveys: '' },
    editor: '',
    apiReference: '',
    console: { accounts: true, bundle: '' },
  })
  const registered = canvass.routes.map(({ method, path }) => `${method} ${path}`)
  const rows = [...(await readFile(ROUTES_MD, 'utf8')).matchAll(/^\|\s*([A-Z]+)\s*\|\s*`([^`]+)`\s*\|/gm)].map(
    ([, method, path]) => `${method} ${path}`,
  )
  assert.ok(registered.length > 0)
  assert.equal(
    rows.filter((row, i) => rows.indexOf(row) !== i),
    [],
    'no row twice',
  )
  assert.equal(
    registered.filter((route) => !rows.includes(route)),
    [],
    'registered routes missing from docs/routes.md',
  )
  assert.equal(
    rows.filter((row) => !registered.includes(row)),
    [],
    'rows in docs/routes.md that no route answers',
  )
})

docs('paths are written relative to basePath', async () => {
  const canvass = createCanvass({ storage: bed().storage, basePath: '/feedback', widget: false })
  assert.ok(
    // The API, and the shared results pages beside it (`/share/…`).
    canvass.routes.every(({ path }) => path.startsWith('/feedback/api/') || path.startsWith('/feedback/share/')),
    'routes carry the base path',
  )
})

docs.run()
