import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BlobKeyError, BlobTooLargeError } from '@canvass/core'
import { HOSTILE_KEYS, endlessStream, readAll, streamOf } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFsBlobStore } from '../src'

const text = (value: string) => new TextEncoder().encode(value)

/** A sandbox: `root` is the store's folder, `outside` a sibling that nothing may reach. */
async function sandbox() {
  const base = await mkdtemp(join(tmpdir(), 'canvass-blob-fs-escape-'))
  const root = join(base, 'root')
  const outside = join(base, 'outside')
  await mkdir(root)
  await mkdir(outside)
  return { base, root, outside, store: createFsBlobStore({ root, fsync: false }), remove: () => rm(base, { recursive: true, force: true }) }
}

async function rejects(promise: Promise<unknown>, check: (error: unknown) => boolean, what: string) {
  try {
    await promise
  } catch (error) {
    assert.ok(check(error), `${what}: unexpected ${String(error)}`)
    return
  }
  assert.unreachable(`${what}: resolved`)
}

async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort()
}

const escapes = suite('blob-fs confinement')

escapes('hostile keys write nothing, anywhere', async () => {
  const { base, root, outside, store, remove } = await sandbox()
  try {
    for (const key of [...HOSTILE_KEYS, '../outside/x', 'env/../../outside/x', `${outside}/x`, 'env/public/\u0000/../../x']) {
      await rejects(
        store.put(key, streamOf(text('payload')).stream, { contentType: 'text/plain', maxBytes: 100 }),
        (e) => e instanceof BlobKeyError,
        JSON.stringify(key),
      )
    }
    assert.equal(await listAll(root), [], 'nothing in the root')
    assert.equal(await listAll(outside), [], 'nothing outside')
    assert.equal((await readdir(base)).sort(), ['outside', 'root'], 'nothing beside the root')
  } finally {
    await remove()
  }
})

escapes('names that core decoded already are literal file names inside the root', async () => {
  const { root, outside, store, remove } = await sandbox()
  try {
    const names = ['%2e%2e%2f%2e%2e%2foutside%2fx', '..%2fx', '%2e%2e', '..%5cx', 'C:x', '\u2025', '\uFF0E\uFF0E']
    for (const name of names)
      await store.put(`env/public/${name}`, streamOf(text(name)).stream, { contentType: 'text/plain', maxBytes: 100 })
    assert.equal(await listAll(join(root, 'env', 'public')), [...names].sort(), 'one plain file per name, in its folder')
    assert.equal(await listAll(outside), [], 'nothing outside')
  } finally {
    await remove()
  }
})

escapes('a folder on the way that is a symbolic link is refused, even for reads and deletes', async () => {
  const { root, outside, store, remove } = await sandbox()
  try {
    await mkdir(join(outside, 'public'))
    await writeFile(join(outside, 'public', 'secret'), 'outside data')
    await symlink(outside, join(root, 'env'))
    const isLinkError = (e: unknown) => e instanceof Error && /symbolic link/.test(e.message)
    await rejects(store.put('env/public/new', streamOf(text('x')).stream, { contentType: 'text/plain', maxBytes: 100 }), isLinkError, 'put')
    await rejects(store.get('env/public/secret'), isLinkError, 'get')
    await rejects(store.head('env/public/secret'), isLinkError, 'head')
    await rejects(store.delete('env/public/secret'), isLinkError, 'delete')
    assert.equal(await listAll(outside), ['public', join('public', 'secret')], 'outside untouched')
    assert.is(await readFile(join(outside, 'public', 'secret'), 'utf8'), 'outside data')
  } finally {
    await remove()
  }
})

escapes('an object that is a symbolic link is never read, and deleting it removes only the link', async () => {
  const { root, outside, store, remove } = await sandbox()
  try {
    await store.put('env/public/real', streamOf(text('inside')).stream, { contentType: 'text/plain', maxBytes: 100 })
    // A file with a valid header outside, linked into the root: following the link would serve it.
    await writeFile(join(outside, 'secret'), await readFile(join(root, 'env', 'public', 'real')))
    await symlink(join(outside, 'secret'), join(root, 'env', 'public', 'link'))
    await rejects(store.get('env/public/link'), (e) => e instanceof Error && /symbolic link/.test(e.message), 'get')
    await rejects(store.head('env/public/link'), (e) => e instanceof Error && /symbolic link/.test(e.message), 'head')
    await store.delete('env/public/link')
    assert.equal(await listAll(join(root, 'env', 'public')), ['real'], 'the link is gone')
    assert.equal(await listAll(outside), ['secret'], 'its target stays')
  } finally {
    await remove()
  }
})

escapes('a root that is itself a symbolic link works', async () => {
  const { base, outside, remove } = await sandbox()
  try {
    await symlink(outside, join(base, 'linked-root'))
    const store = createFsBlobStore({ root: join(base, 'linked-root'), fsync: false })
    await store.put('env/public/x', streamOf(text('through the root link')).stream, { contentType: 'text/plain', maxBytes: 100 })
    const object = await store.get('env/public/x')
    assert.is(new TextDecoder().decode(await readAll(object!.body)), 'through the root link')
    assert.equal(await listAll(outside), ['env', join('env', 'public'), join('env', 'public', 'x')])
  } finally {
    await remove()
  }
})

escapes.run()

const files = suite('blob-fs files')

files('an object is one file: a JSON header line, then the bytes; private modes', async () => {
  const { root, store, remove } = await sandbox()
  try {
    const stored = await store.put('env/private/doc', streamOf(text('the bytes')).stream, { contentType: 'application/pdf', maxBytes: 100 })
    const raw = await readFile(join(root, 'env', 'private', 'doc'), 'utf8')
    const [header, ...rest] = raw.split('\n')
    assert.equal(JSON.parse(header!), { canvassBlob: 1, contentType: 'application/pdf', id: stored.etag!.slice(1, -1) })
    assert.is(rest.join('\n'), 'the bytes')
    if (process.platform !== 'win32') {
      assert.is((await stat(join(root, 'env', 'private', 'doc'))).mode & 0o777, 0o600, 'file readable by the owner only')
      assert.is((await stat(join(root, 'env', 'private'))).mode & 0o777, 0o700, 'folder for the owner only')
    }
  } finally {
    await remove()
  }
})

files('failed and oversized puts leave no temporary file behind', async () => {
  const { root, store, remove } = await sandbox()
  try {
    await store.put('env/public/kept', streamOf(text('kept')).stream, { contentType: 'text/plain', maxBytes: 100 })
    await rejects(
      store.put('env/public/big', endlessStream().stream, { contentType: 'text/plain', maxBytes: 300_000 }),
      (e) => e instanceof BlobTooLargeError,
      'oversized',
    )
    const failure = new Error('gone')
    await rejects(
      store.put('env/public/broken', streamOf(new Uint8Array(200_000), { failWith: failure }).stream, {
        contentType: 'text/plain',
        maxBytes: 10 ** 6,
      }),
      (e) => e === failure,
      'broken',
    )
    await rejects(
      store.put('env/public/kept', streamOf(new Uint8Array(200), { failWith: failure }).stream, {
        contentType: 'text/plain',
        maxBytes: 10 ** 6,
      }),
      (e) => e === failure,
      'broken replacement',
    )
    assert.equal(await listAll(root), ['env', join('env', 'public'), join('env', 'public', 'kept')])
  } finally {
    await remove()
  }
})

files('the temporary-file prefix is reserved, and over-long names are refused as bad keys', async () => {
  const { store, remove } = await sandbox()
  try {
    const isKeyError = (e: unknown) => e instanceof BlobKeyError
    await rejects(store.get('env/public/.canvass-tmp-0123'), isKeyError, 'get of a temporary name')
    await rejects(
      store.put('env/public/.canvass-tmp-0123', streamOf(text('x')).stream, { contentType: 'text/plain', maxBytes: 9 }),
      isKeyError,
      'put',
    )
    const long = `env/public/${'n'.repeat(300)}`
    await rejects(
      store.put(long, streamOf(text('x')).stream, { contentType: 'text/plain', maxBytes: 9 }),
      isKeyError,
      'put of a 300-byte name',
    )
    await rejects(store.get(long), isKeyError, 'get of a 300-byte name')
  } finally {
    await remove()
  }
})

files('foreign files are not served, and a FIFO at a key is no object (and never blocks)', async () => {
  const { root, store, remove } = await sandbox()
  try {
    await mkdir(join(root, 'env', 'public'), { recursive: true })
    await writeFile(join(root, 'env', 'public', 'foreign'), 'no header here\n')
    await rejects(store.get('env/public/foreign'), (e) => e instanceof Error && /not a Canvass blob file/.test(e.message), 'foreign file')
    if (process.platform !== 'win32') {
      execFileSync('mkfifo', [join(root, 'env', 'public', 'fifo')])
      assert.is(await store.get('env/public/fifo'), null)
      assert.is(await store.head('env/public/fifo'), null)
    }
  } finally {
    await remove()
  }
})

files.run()
