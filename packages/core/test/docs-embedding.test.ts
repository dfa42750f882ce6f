/**
 * docs/embedding.md gives one whole, runnable server per host, and the README's short version runs the
 * background work (issue 69, item 11): the page's snippets had to be stitched together (a mount used `canvass`
 * and `db` from a setup snippet), it never said they are ES modules, the README never called `canvass.start()`,
 * and no mount had a `/health`. `pnpm test:packages` runs each file as written from the tarballs; this test
 * reads them without the registry: each is complete (TypeScript finds no name it does not declare or import),
 * starts and stops the background work, answers `/health` with `canvass.health()` and stops on SIGTERM.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8')

/** The block marked `<!-- packages-test: name -->` on a page (one, or undefined). */
function marked(page: string, name: string): string | undefined {
  const found = [...read(page).matchAll(/<!-- packages-test: ([a-z-]+) -->\n```([a-z]*)\n([\s\S]*?)```/g)].filter(
    (match) => match[1] === name,
  )
  return found.length === 1 ? found[0]?.[3] : undefined
}

const HOSTS = ['hono', 'express', 'node-http', 'deno'] as const

/**
 * The names a file uses without declaring or importing them, as TypeScript sees the file alone (its imports
 * unresolved, so they type as `any`): a snippet that needs another one's `canvass` or `db` has some.
 */
function undeclaredNames(code: string, deno: boolean): string[] {
  const file = `${ROOT}packages/core/test/embedding-file.${deno ? 'ts' : 'mjs'}`
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    noResolve: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: deno ? [] : ['node'],
    typeRoots: [`${ROOT}node_modules/@types`],
  }
  const host = ts.createCompilerHost(options)
  const original = host.getSourceFile
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, code, language, true) : original.call(host, name, language, ...rest)
  const program = ts.createProgram([file], options, host)
  const source = program.getSourceFile(file)
  return program
    .getSemanticDiagnostics(source)
    .filter((diagnostic) => diagnostic.code === 2304 || diagnostic.code === 2552)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    .filter((message) => !(deno && /'Deno'/.test(message)))
}

const test = suite('docs/embedding.md: a whole server per host')

test('the page says the files are ES modules, and how a CommonJS package.json becomes one', () => {
  const page = read('docs/embedding.md')
  assert.match(page, /ES modules/)
  assert.match(page, /`"type": "module"`/)
  assert.match(page, /`\.mjs`/)
  assert.match(page, /npm pkg set type=module/)
})

test('one whole file for each of Hono, Express, node:http and Deno: every name it uses is its own', () => {
  for (const host of HOSTS) {
    const code = marked('docs/embedding.md', host)
    assert.ok(code, `one block marked packages-test: ${host}`)
    assert.equal(undeclaredNames(code ?? '', host === 'deno'), [], `${host}: names it takes from elsewhere`)
  }
})

test('the check finds a name a snippet takes from another (it can fail)', () => {
  assert.equal(undeclaredNames("import { serve } from 'x'\nserve({ fetch: canvass.fetch })\n", false), ["Cannot find name 'canvass'."])
})

test('each file makes its database and Canvass, runs the background work, answers /health with canvass.health() and stops on SIGTERM', () => {
  for (const host of HOSTS) {
    const code = marked('docs/embedding.md', host) ?? ''
    assert.match(code, /await migrate\(db\)/, host)
    assert.match(code, /createCanvass\(\{/, host)
    assert.match(code, /ensureApiKey\(/, host)
    assert.match(code, /canvass\.health\(\)/, host)
    assert.match(code, /['"]\/health['"]/, host)
    if (host === 'deno') {
      // host-deno's serve starts and stops the instance it is given, and stops on SIGTERM.
      assert.match(code, /lifecycle: canvass/, host)
    } else {
      assert.match(code, /await canvass\.start\(\{ webhookTransport: createNodeWebhookTransport \}\)/, host)
      assert.match(code, /'SIGTERM'/, host)
      assert.match(code, /canvass\.close\(\)/, host)
    }
  }
})

test("the README's short version is a file too, and starts the background work", () => {
  const code = marked('README.md', 'readme')
  assert.ok(code, 'one block marked packages-test: readme')
  assert.equal(undeclaredNames(code ?? '', false), [])
  assert.match(code ?? '', /await canvass\.start\(/)
})

test.run()
