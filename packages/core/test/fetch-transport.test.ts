import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFetchWebhookTransport } from '../src'
import type { WebhookAttemptResult } from '../src'

// These tests never reach the network: the injected fetch either fails the test or answers in memory.
// The transport's behaviour against a real receiver is the conformance suite in @canvass/test-utils.

/** A fetch that records that it was called; a refused URL must never reach it. */
function forbiddenFetch() {
  const calls: string[] = []
  const fetch = (async (input: string | URL | Request) => {
    calls.push(String(input))
    throw new Error('fetch must not be called')
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

function errorClass(result: WebhookAttemptResult): string {
  return result.kind === 'error' ? result.errorClass : `response ${result.status}`
}

const refusals = suite('fetch transport refusals')

refusals('refuses literal non-public addresses in every spelling before calling fetch', async () => {
  const { fetch, calls } = forbiddenFetch()
  const transport = createFetchWebhookTransport({ fetch })
  const urls = [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[2002:a00:1::]/',
    'https://localhost:8443/',
    'http://hooks.localhost/',
  ]
  for (const url of urls) {
    const result = await transport.send({ url, headers: {}, body: '{}' })
    assert.is(errorClass(result), 'blocked_address', url)
  }
  assert.equal(calls, [])
})
refusals('refuses non-http(s) URLs, credentials and owned headers before calling fetch', async () => {
  const { fetch, calls } = forbiddenFetch()
  const transport = createFetchWebhookTransport({ fetch, allowPrivateAddresses: true })
  assert.is(errorClass(await transport.send({ url: 'file:///etc/passwd', headers: {}, body: '' })), 'invalid_url')
  assert.is(errorClass(await transport.send({ url: 'http://u:p@hooks.example/', headers: {}, body: '' })), 'invalid_url')
  assert.is(errorClass(await transport.send({ url: 'not a url', headers: {}, body: '' })), 'invalid_url')
  assert.is(
    errorClass(await transport.send({ url: 'http://hooks.example/', headers: { Host: 'other.example' }, body: '' })),
    'invalid_request',
  )
  assert.equal(calls, [])
})

const answers = suite('fetch transport answers')

answers('sends one POST with manual redirects and reports the status and Retry-After', async () => {
  const seen: { url: string; init: RequestInit | undefined }[] = []
  const transport = createFetchWebhookTransport({
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(input), init })
      return new Response('moved', { status: 307, headers: { location: 'http://169.254.169.254/', 'retry-after': '30' } })
    }) as typeof fetch,
  })
  const result = await transport.send({ url: 'https://hooks.example/x', headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}' })
  assert.equal({ ...result, durationMs: 0 }, { kind: 'response', status: 307, retryAfter: 30, durationMs: 0 })
  assert.is(seen.length, 1)
  assert.is(seen[0]?.init?.method, 'POST')
  assert.is(seen[0]?.init?.redirect, 'manual')
  assert.is(seen[0]?.init?.body, '{"a":1}')
  assert.equal(seen[0]?.init?.headers, { 'webhook-id': 'msg_1' })
})
answers('reads at most 64 KiB of an endless body, then cancels it', async () => {
  let pulled = 0
  let cancelled = false
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1024
      controller.enqueue(new Uint8Array(1024))
    },
    cancel() {
      cancelled = true
    },
  })
  const transport = createFetchWebhookTransport({ fetch: (async () => new Response(body, { status: 200 })) as typeof fetch })
  const result = await transport.send({ url: 'https://hooks.example/', headers: {}, body: '' })
  assert.is(errorClass(result), 'response 200')
  assert.ok(cancelled, 'the body was cancelled')
  assert.ok(pulled <= 64 * 1024 + 16 * 1024, `read ${pulled} bytes`)
})
answers('a fetch that never answers times out; an aborted signal gives aborted', async () => {
  const hanging = (async (_input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })) as typeof fetch
  const transport = createFetchWebhookTransport({ fetch: hanging, timeoutMs: 50 })
  const timedOut = await transport.send({ url: 'https://hooks.example/', headers: {}, body: '' })
  assert.is(errorClass(timedOut), 'timeout')
  const controller = new AbortController()
  const pending = transport.send({ url: 'https://hooks.example/', headers: {}, body: '', timeoutMs: 60_000, signal: controller.signal })
  controller.abort()
  assert.is(errorClass(await pending), 'aborted')
})
answers('classifies Node fetch failures by their cause', async () => {
  const failing = (cause: unknown) =>
    (async () => {
      throw new TypeError('fetch failed', { cause })
    }) as typeof fetch
  const cases: [unknown, string][] = [
    [Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example'), { code: 'ENOTFOUND' }), 'dns'],
    [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'connect'],
    [Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ENETUNREACH' })]), {}), 'connect'],
    [Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'tls'],
    [Object.assign(new Error("Hostname/IP does not match certificate's altnames"), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'tls'],
    [Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), 'timeout'],
    [Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), 'network'],
    [undefined, 'network'],
  ]
  for (const [cause, expected] of cases) {
    const result = await createFetchWebhookTransport({ fetch: failing(cause) }).send({
      url: 'https://hooks.example/',
      headers: {},
      body: '',
    })
    assert.is(errorClass(result), expected, String(cause))
  }
})

refusals.run()
answers.run()
