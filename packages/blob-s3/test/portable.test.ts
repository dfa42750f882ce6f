import { readdir, readFile } from 'node:fs/promises'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

// The store must run on Deno and Workers too: its runtime code uses web APIs only.
const portable = suite('blob-s3 runtime code')
portable('imports no node: module and uses no Node global', async () => {
  const dir = new URL('../src/', import.meta.url)
  const files = (await readdir(dir)).filter((name) => name.endsWith('.ts'))
  assert.ok(files.length >= 5, 'the sources were found')
  for (const name of files) {
    const source = await readFile(new URL(name, dir), 'utf8')
    assert.not.match(source, /from\s+['"]node:|require\(|import\(\s*['"]node:/, `${name} imports Node modules`)
    assert.not.match(source, /\b(Buffer|process|__dirname)\b[.(]/, `${name} uses a Node global`)
  }
})
portable.run()
