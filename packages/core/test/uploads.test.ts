import { createHmac } from 'node:crypto'
import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass } from '../src'
import type { BlobStore } from '../src'
import { base64BodyLimit, base64File } from '../src/uploads/base64-file'
import { isStoredFileName, normaliseFileName, storedFileName } from '../src/uploads/file-name'
import { allowedFileType, isInlineImage } from '../src/uploads/file-type'
import { multipartFile } from '../src/uploads/multipart-file'
import { UploadError } from '../src/uploads/upload-error'
import { DEFAULT_UPLOAD_TYPES, uploadSettings } from '../src/uploads/upload-options'
import { signUpload, verifyUpload } from '../src/uploads/upload-signature'

const SECRET = 'unit-test-secret-0123456789'

/** Deterministic bytes, seeded; the multipart tests plant boundary look-alikes in them. */
function bytesOf(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length)
  let state = seed >>> 0 || 1
  for (let i = 0; i < length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    bytes[i] = state & 0xff
  }
  return bytes
}

const readAll = async (stream: ReadableStream<Uint8Array>): Promise<Uint8Array> => new Uint8Array(await new Response(stream).arrayBuffer())

async function rejection(promise: Promise<unknown>): Promise<UploadError> {
  try {
    await promise
  } catch (error) {
    assert.instance(error, UploadError)
    return error as UploadError
  }
  assert.unreachable('expected a rejection')
  throw new Error('unreachable')
}

const signature = suite('upload signature')
const grant = {
  uuid: 'c3a7e0f2-3b1e-4f7a-9f1e-2d3c4b5a6978',
  fileName: 'a--fid--x.png',
  environmentId: 'env1',
  fileType: 'image/png',
  timestamp: '1760000000000',
  accessType: 'private' as const,
}
signature('is hex HMAC-SHA256 of uuid:fileName:environmentId:fileType:timestamp:accessType', () => {
  const text = `${grant.uuid}:${grant.fileName}:${grant.environmentId}:${grant.fileType}:${grant.timestamp}:${grant.accessType}`
  assert.is(signUpload(grant, SECRET), createHmac('sha256', SECRET).update(text).digest('hex'))
})
signature('verifies within 5 minutes back and 60 seconds ahead, and nothing else', () => {
  const sig = signUpload(grant, SECRET)
  const t = Number(grant.timestamp)
  assert.ok(verifyUpload(grant, sig, SECRET, t))
  assert.ok(verifyUpload(grant, sig.toUpperCase(), SECRET, t), 'hex case does not matter')
  assert.ok(verifyUpload(grant, sig, SECRET, t + 5 * 60_000))
  assert.not.ok(verifyUpload(grant, sig, SECRET, t + 5 * 60_000 + 1), 'expired')
  assert.ok(verifyUpload(grant, sig, SECRET, t - 60_000))
  assert.not.ok(verifyUpload(grant, sig, SECRET, t - 60_001), 'too far in the future')
  for (const changed of ['uuid', 'fileName', 'environmentId', 'fileType'] as const) {
    assert.not.ok(verifyUpload({ ...grant, [changed]: `${grant[changed]}x` }, sig, SECRET, t), changed)
  }
  // A private grant must not store a public file (nor the other way round).
  assert.not.ok(verifyUpload({ ...grant, accessType: 'public' }, sig, SECRET, t), 'accessType')
  assert.not.ok(verifyUpload(grant, sig, `${SECRET}x`, t), 'another secret')
  assert.not.ok(verifyUpload(grant, sig.slice(0, 63), SECRET, t), 'short')
  assert.not.ok(verifyUpload(grant, `${sig.slice(0, 63)}g`, SECRET, t), 'not hex')
  assert.not.ok(verifyUpload({ ...grant, timestamp: `${grant.timestamp}.0` }, sig, SECRET, t), 'timestamp not digits')
})

const names = suite('upload file names')
names('normalise to NFC, strip control characters, refuse separators, dot-dot and empty names', () => {
  assert.is(normaliseFileName('Cafe\u0301.png'), 'Café.png')
  assert.is(normaliseFileName(' a\u0001b\u007f\u009fc.pdf '), 'abc.pdf')
  for (const bad of [
    '',
    '   ',
    '\u0000',
    '../a.png',
    'a/b.png',
    'a\\b.png',
    '..',
    'x..y.png',
    '/etc/passwd',
    'a\uD800.png',
    'x'.repeat(201),
  ]) {
    assert.is(normaliseFileName(bad), null, JSON.stringify(bad))
  }
})
names('stored names carry the uuid and keep the extension', () => {
  const uuid = crypto.randomUUID()
  assert.is(storedFileName('photo.final.png', uuid), `photo.final--fid--${uuid}.png`)
  assert.ok(isStoredFileName(storedFileName('photo.png', uuid), uuid))
  assert.not.ok(isStoredFileName(storedFileName('photo.png', uuid), crypto.randomUUID()), 'another uuid')
  assert.not.ok(isStoredFileName(`../photo--fid--${uuid}.png`, uuid))
  assert.not.ok(isStoredFileName(`photo--fid--${uuid}.`, uuid), 'no extension')
})
names('types must be valid MIME types allowed for the extension', () => {
  const allowed = uploadSettings({} as BlobStore, SECRET).allowedTypes
  assert.is(allowedFileType('a.PNG', 'Image/PNG', allowed), 'image/png')
  assert.is(allowedFileType('a.png', 'image/jpeg', allowed), null)
  assert.is(allowedFileType('a.html', 'text/html', allowed), null)
  assert.is(allowedFileType('a.svg', 'image/svg+xml', allowed), null)
  assert.is(allowedFileType('a.png', 'image/png; charset=x', allowed), null)
  assert.is(allowedFileType('a.png', 'image/', allowed), null)
  assert.is(allowedFileType('png', 'image/png', allowed), null)
  assert.ok(isInlineImage('image/png'))
  assert.not.ok(isInlineImage('image/svg+xml'))
  assert.not.ok(isInlineImage('application/pdf'))
  assert.not.ok('svg' in DEFAULT_UPLOAD_TYPES || 'html' in DEFAULT_UPLOAD_TYPES || 'js' in DEFAULT_UPLOAD_TYPES)
})

const BOUNDARY = '----CanvassBoundary7MA4YWxkTrZu0gW'
const enc = (text: string) => new TextEncoder().encode(text)
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
function multipartBytes(file: Uint8Array, options: { before?: string; name?: string; close?: boolean } = {}): Uint8Array {
  const field = options.before ?? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`
  return concat(
    enc(
      `${field}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${options.name ?? 'file'}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    enc(
      options.close === false
        ? ''
        : `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="second.bin"\r\n\r\nSECOND\r\n--${BOUNDARY}--\r\n`,
    ),
  )
}
/** A request whose body arrives in the given chunk sizes, counting what the reader pulled. */
function requestOf(bytes: Uint8Array, sizes: number[], contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  let offset = 0
  let index = 0
  const tracker = { pulled: 0 }
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) return controller.close()
        const size = sizes[index++ % sizes.length] as number
        controller.enqueue(bytes.slice(offset, offset + size))
        offset += size
        tracker.pulled = offset
      },
    },
    { highWaterMark: 0 },
  )
  const request = new Request('http://x/', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    duplex: 'half',
  } as RequestInit)
  return { request, tracker }
}

const multipart = suite('multipart upload body')
multipart('yields the file part byte for byte, however the body is split', async () => {
  // Boundary look-alikes inside the file: CRLF, dashes and a prefix of the boundary, at chunk edges too.
  const lookAlikes = enc(`\r\n--${BOUNDARY.slice(0, 10)}\r\n--\r\n-${BOUNDARY}x\r\n`)
  for (let seed = 1; seed <= 40; seed++) {
    const file = concat(bytesOf(seed * 97, seed), lookAlikes, bytesOf(seed * 31, seed + 100), lookAlikes)
    const sizes = Array.from(bytesOf(8, seed), (b) => 1 + (b % (seed % 2 ? 7 : 300)))
    const { request } = requestOf(multipartBytes(file), sizes)
    assert.equal(await readAll((await multipartFile(request, 1 << 20)).file), file, `seed ${seed}`)
  }
})
multipart('reads the request only as fast as the file is read', async () => {
  const file = bytesOf(8 << 20, 3)
  const { request, tracker } = requestOf(multipartBytes(file), [64 * 1024])
  const { file: stream } = await multipartFile(request, 16 << 20)
  const reader = stream.getReader()
  await reader.read()
  // The read-ahead runs on promises alone (the request body is in memory): by the next turn of the event loop it
  // has pulled all it will.
  await new Promise((resolve) => setImmediate(resolve))
  // The file holds 8 MiB; the reader may run 1 MiB ahead of its consumer (plus the chunk being gathered and
  // the one handed over, 256 KiB each), and no further.
  assert.ok(tracker.pulled <= (1 << 20) + 2 * 256 * 1024 + 64 * 1024, `pulled ${tracker.pulled} bytes for one chunk`)
  await reader.cancel()
})
multipart('refuses a body without a file part, without a boundary, or that ends early', async () => {
  const noFile = requestOf(multipartBytes(bytesOf(10, 1), { name: 'other', close: false }).slice(0, 60), [1000])
  assert.is((await rejection(multipartFile(noFile.request, 1000))).status, 400)
  const noBoundary = requestOf(multipartBytes(bytesOf(10, 1)), [1000], 'multipart/form-data')
  assert.is((await rejection(multipartFile(noBoundary.request, 1000))).status, 400)
  const truncated = requestOf(multipartBytes(bytesOf(5000, 1), { close: false }), [700])
  const { file: stream } = await multipartFile(truncated.request, 10_000)
  const error = await rejection(readAll(stream))
  assert.equal([error.status, error.message], [400, 'The request body ended before the file did'])
})
multipart('keeps the fields before the file (the first of each name, UTF-8)', async () => {
  const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const before = part('fileName', 'Fotó--fid--1.png') + part('uuid', 'u1') + part('uuid', 'u2') + part('__proto__', 'x')
  const { request } = requestOf(multipartBytes(bytesOf(10, 1), { before }), [7])
  const { fields, file } = await multipartFile(request, 1000)
  assert.equal(Object.entries(fields), [
    ['fileName', 'Fotó--fid--1.png'],
    ['uuid', 'u1'],
    ['__proto__', 'x'],
  ])
  assert.is(Object.getPrototypeOf(fields), null, 'a field cannot set the prototype')
  assert.equal(await readAll(file), bytesOf(10, 1))
})
multipart('bounds the parts around the file', async () => {
  const fields = Array.from({ length: 20 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('')
  const many = requestOf(multipartBytes(bytesOf(10, 1), { before: fields }), [4096])
  assert.is((await rejection(multipartFile(many.request, 1000))).status, 400)
  const bigField = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="big"\r\n\r\n${'x'.repeat(100_000)}\r\n`
  const big = requestOf(multipartBytes(bytesOf(10, 1), { before: bigField }), [4096])
  assert.is((await rejection(multipartFile(big.request, 1000))).status, 413)
})

const base64 = suite('base64 upload body')
const jsonRequest = (body: string) =>
  new Request('http://x/', { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' } })
base64('decodes plain base64 and data URLs, in slices, byte for byte', async () => {
  for (const length of [0, 1, 2, 3, 65_535, 200_001]) {
    const bytes = bytesOf(length, length + 1)
    const text = Buffer.from(bytes).toString('base64')
    if (length > 0) assert.equal(await readAll(await base64File(jsonRequest(JSON.stringify({ fileBase64String: text })), 1 << 20)), bytes)
    const dataUrl = JSON.stringify({ fileBase64String: `data:image/png;base64,${text}` })
    if (length > 0) assert.equal(await readAll(await base64File(jsonRequest(dataUrl), 1 << 20)), bytes, `length ${length}`)
  }
})
base64('refuses what is not base64 (400) and files over the limit before storing them (413)', async () => {
  for (const body of [
    '{}',
    '{"fileBase64String":""}',
    '{"fileBase64String":"ab$c"}',
    '{"fileBase64String":"data:image/png,abcd"}',
    'not json',
    '{"fileBase64String":"a"}',
  ]) {
    assert.is((await rejection(base64File(jsonRequest(body), 1000))).status, 400, body)
  }
  const over = JSON.stringify({ fileBase64String: Buffer.from(bytesOf(1001, 1)).toString('base64') })
  assert.equal((await rejection(base64File(jsonRequest(over), 1000))).message, 'File is too large')
  const huge = 'x'.repeat(base64BodyLimit(1000) + 1)
  assert.is((await rejection(base64File(jsonRequest(huge), 1000))).status, 413)
})

const { test: options, bed: optionsBed } = suiteWithBed('upload options', { widgetBundles: false })
options('a blob store needs a secret of at least 16 characters; without one the routes are absent', async () => {
  const { storage, blobStore } = optionsBed()
  if (!blobStore) throw new Error('the bed has a blob store')
  assert.throws(() => createCanvass({ storage, blobStore }), /secret/)
  assert.throws(() => createCanvass({ storage, blobStore, secret: 'short' }), /secret/)
  assert.throws(() => createCanvass({ storage, blobStore, secret: SECRET, uploads: { maxBytes: 0 } }), /maxBytes/)
  const withUploads = createCanvass({ storage, blobStore, secret: SECRET }).routes.map((r) => `${r.method} ${r.path}`)
  for (const route of [
    'POST /api/v1/management/storage',
    'POST /api/v1/management/storage/local',
    'POST /api/v1/client/:environmentId/storage',
    'POST /api/v1/client/:environmentId/storage/local',
    'GET /storage/:environmentId/:accessType/:fileName',
  ]) {
    assert.ok(withUploads.includes(route), route)
  }
  const without = createCanvass({ storage })
  assert.not.ok(without.routes.some((r) => r.path.includes('storage')))
  assert.is((await without.fetch(new Request('http://x/api/v1/management/storage', { method: 'POST' }))).status, 404)
})

for (const s of [signature, names, multipart, base64, options]) s.run()
