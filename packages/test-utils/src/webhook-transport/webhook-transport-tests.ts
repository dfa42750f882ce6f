import type { WebhookAttemptResult, WebhookTransport } from '@canvass/core'
import * as assert from 'uvu/assert'
import { closedPort, startReceiver, startTcpReceiver } from './receiver'
import type { TestReceiver } from './receiver'

/** One conformance test of a `WebhookTransport`: a name adapters can skip by, and a body. */
export interface WebhookTransportTest {
  name: string
  /** Set when the test needs a transport with the default address policy (`createGuarded`). */
  needsGuarded?: true
  run(context: WebhookTransportTestContext): Promise<void>
}

export interface WebhookTransportTestContext {
  /** A fresh transport that may connect to loopback (private addresses allowed). */
  transport: WebhookTransport
  /** A fresh transport with its default address policy; present for tests marked `needsGuarded`. */
  guarded: WebhookTransport
}

/**
 * A bound far above what any attempt here needs, so that a loaded machine never fails a test; a
 * transport that ignores its timeout or reads an endless body still runs into it.
 */
const PROMPT_MS = 10_000

const BODY = JSON.stringify({ webhookId: 'wh_1', event: 'responseCreated', data: { text: 'Grüße, 世界 🎉', n: 1 } })
const HEADERS = {
  'content-type': 'application/json',
  'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  'webhook-timestamp': '1674087231',
  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4= v1,x+/=',
  'x-latin1': 'café',
  'x-empty': '',
}

/** Every conformance test, in the order they run. */
export const WEBHOOK_TRANSPORT_TESTS: readonly WebhookTransportTest[] = [
  {
    name: 'a 2xx answer is a response; one POST arrives with headers and body byte for byte',
    async run({ transport }) {
      await withReceivers([(_req, res) => res.writeHead(201, { 'content-type': 'text/plain' }).end('created')], async ([receiver]) => {
        const result = await transport.send({ url: `${receiver.origin}/hooks/in?a=1&b=%20`, headers: HEADERS, body: BODY })
        assert.equal(withoutDuration(result), { kind: 'response', status: 201 })
        assert.ok(result.durationMs >= 0 && result.durationMs < PROMPT_MS, `durationMs ${result.durationMs}`)
        assert.equal(Object.keys(result).sort(), ['durationMs', 'kind', 'status'], 'the result carries no body')
        assert.is(receiver.requests.length, 1)
        const request = receiver.requests[0]!
        assert.is(request.method, 'POST')
        assert.is(request.target, '/hooks/in?a=1&b=%20')
        assert.ok(request.body.equals(Buffer.from(BODY, 'utf8')), 'the body arrives byte for byte')
        for (const [name, value] of Object.entries(HEADERS)) {
          const sent = request.rawHeaders.filter(([n]) => n.toLowerCase() === name)
          assert.equal(
            sent.map(([, v]) => v),
            [value],
            `header ${name}`,
          )
        }
        assert.equal(headerValues(request.rawHeaders, 'content-length'), [String(Buffer.byteLength(BODY))])
        assert.equal(headerValues(request.rawHeaders, 'host'), [`127.0.0.1:${receiver.port}`])
      })
    },
  },
  {
    name: 'every 2xx status is returned as is, also with an empty body',
    async run({ transport }) {
      for (const status of [200, 202, 204, 299]) {
        await withReceivers([(_req, res) => res.writeHead(status).end()], async ([receiver]) => {
          const result = await transport.send({ url: receiver.origin, headers: {}, body: '' })
          assert.equal(withoutDuration(result), { kind: 'response', status }, String(status))
          assert.equal(receiver.requests[0]?.body.length, 0)
        })
      }
    },
  },
  {
    name: '4xx and 5xx answers are responses with their status',
    async run({ transport }) {
      for (const status of [400, 401, 404, 410, 413, 429, 500, 502, 503, 599]) {
        await withReceivers(
          [(_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"secret detail"}')],
          async ([receiver]) => {
            const result = await transport.send({ url: receiver.origin, headers: HEADERS, body: BODY })
            assert.equal(withoutDuration(result), { kind: 'response', status }, String(status))
          },
        )
      }
    },
  },
  {
    name: 'a 3xx is returned as a response and never followed',
    async run({ transport }) {
      for (const status of [301, 302, 303, 307, 308]) {
        await withReceivers([(_req, res) => res.end('must not be reached')], async ([target]) => {
          const location = `${target.origin}/followed`
          await withReceivers([(_req, res) => res.writeHead(status, { location }).end('moved')], async ([redirecting]) => {
            const result = await transport.send({ url: `${redirecting.origin}/start`, headers: HEADERS, body: BODY })
            assert.equal(withoutDuration(result), { kind: 'response', status }, String(status))
            assert.is(redirecting.requests.length, 1, 'one request to the receiver')
            assert.is(target.requests.length, 0, `the redirect target of ${status} got no request`)
            assert.is(target.connections(), 0, `the redirect target of ${status} got no connection`)
          })
        })
      }
    },
  },
  {
    name: 'Retry-After is read in delta-seconds and HTTP-date form',
    async run({ transport }) {
      const cases: [string | undefined, (seconds: number | undefined) => boolean][] = [
        ['120', (s) => s === 120],
        ['0', (s) => s === 0],
        [new Date(Date.now() + 90_000).toUTCString(), (s) => s !== undefined && s > 60 && s <= 91],
        ['Sun, 06 Nov 1994 08:49:37 GMT', (s) => s === 0],
        ['soon', (s) => s === undefined],
        [undefined, (s) => s === undefined],
      ]
      for (const [value, ok] of cases) {
        await withReceivers(
          [(_req, res) => res.writeHead(503, value === undefined ? {} : { 'retry-after': value }).end()],
          async ([receiver]) => {
            const result = await transport.send({ url: receiver.origin, headers: {}, body: '' })
            assert.is(result.kind, 'response')
            const retryAfter = result.kind === 'response' ? result.retryAfter : undefined
            assert.ok(ok(retryAfter), `Retry-After ${value} gave ${retryAfter}`)
            if (value === undefined || value === 'soon')
              assert.not.ok(result.kind === 'response' && 'retryAfter' in result, 'no retryAfter key when there is none')
          },
        )
      }
    },
  },
  {
    name: 'a receiver that never answers gives a timeout error within the bound, and the connection is closed',
    async run({ transport }) {
      await withReceivers([() => {}], async ([receiver]) => {
        const result = await promptly(transport.send({ url: receiver.origin, headers: {}, body: BODY, timeoutMs: 300 }))
        assert.is(errorClassOf(result), 'timeout')
        assert.ok(result.durationMs >= 250, `gave up after ${result.durationMs} ms, before the timeout`)
        assert.is(receiver.requests.length, 1)
        await promptly(receiver.allClosed(), 'the transport closes the connection it gave up on')
      })
    },
  },
  {
    name: 'a receiver that accepts the connection but never sends a byte gives a timeout error',
    async run({ transport }) {
      await withTcpReceiver(
        () => {},
        async (receiver) => {
          const result = await promptly(transport.send({ url: receiver.origin, headers: {}, body: '', timeoutMs: 300 }))
          assert.is(errorClassOf(result), 'timeout')
        },
      )
    },
  },
  {
    name: 'an endless answer body is read to at most about 64 KiB, then the connection is closed',
    async run({ transport }) {
      let written = 0
      await withReceivers(
        [
          (_req, res) => {
            res.writeHead(200, { 'content-type': 'application/octet-stream' })
            const chunk = Buffer.alloc(64 * 1024, 'x')
            const pump = () => {
              while (!res.destroyed && res.write(chunk)) written += chunk.length
              if (!res.destroyed) res.once('drain', pump)
            }
            res.on('close', () => res.removeAllListeners('drain'))
            pump()
          },
        ],
        async ([receiver]) => {
          const result = await promptly(transport.send({ url: receiver.origin, headers: {}, body: '', timeoutMs: 60_000 }))
          assert.equal(withoutDuration(result), { kind: 'response', status: 200 })
          await promptly(receiver.allClosed(), 'the transport closes the connection')
          // Socket buffers on both sides hold a few MiB at most; a transport that kept reading for even a second
          // would have taken far more.
          assert.ok(written < 32 * 1024 * 1024, `the receiver wrote ${written} bytes before the connection closed`)
        },
      )
    },
  },
  {
    name: 'a refused connection gives a connect error',
    async run({ transport }) {
      const port = await closedPort()
      const result = await promptly(transport.send({ url: `http://127.0.0.1:${port}/`, headers: {}, body: BODY }))
      assert.is(errorClassOf(result), 'connect')
      assert.ok(result.kind === 'error' && result.message.length > 0, 'a message for the logs')
    },
  },
  {
    name: 'a connection closed without an answer gives a network error',
    async run({ transport }) {
      await withReceivers([(_req, res) => res.socket?.destroy()], async ([receiver]) => {
        const result = await promptly(transport.send({ url: receiver.origin, headers: {}, body: BODY }))
        assert.is(errorClassOf(result), 'network')
      })
    },
  },
  {
    name: 'an answer that is not HTTP gives a network error',
    async run({ transport }) {
      await withTcpReceiver(
        (socket) => {
          socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'))
        },
        async (receiver) => {
          const result = await promptly(transport.send({ url: receiver.origin, headers: {}, body: '' }))
          assert.is(errorClassOf(result), 'network')
        },
      )
    },
  },
  {
    name: 'an aborted signal ends a pending attempt with an aborted error',
    async run({ transport }) {
      let arrived: () => void = () => {}
      const arrival = new Promise<void>((resolve) => (arrived = resolve))
      await withReceivers([() => arrived()], async ([receiver]) => {
        const controller = new AbortController()
        const pending = transport.send({ url: receiver.origin, headers: {}, body: '', timeoutMs: 60_000, signal: controller.signal })
        await promptly(arrival, 'the request arrives')
        controller.abort()
        assert.is(errorClassOf(await promptly(pending)), 'aborted')
        const already = await promptly(transport.send({ url: receiver.origin, headers: {}, body: '', signal: AbortSignal.abort() }))
        assert.is(errorClassOf(already), 'aborted')
      })
    },
  },
  {
    name: 'refused URLs and headers give errors, never a throw, and send nothing',
    async run({ transport }) {
      await withReceivers([(_req, res) => res.end()], async ([receiver]) => {
        const cases: [string, Record<string, string>, string][] = [
          [`ftp://127.0.0.1:${receiver.port}/`, {}, 'invalid_url'],
          [`http://user:secret@127.0.0.1:${receiver.port}/`, {}, 'invalid_url'],
          ['/relative', {}, 'invalid_url'],
          [receiver.origin, { host: 'other.example' }, 'invalid_request'],
          [receiver.origin, { 'transfer-encoding': 'chunked' }, 'invalid_request'],
          [receiver.origin, { 'x-injected': 'a\r\nx-evil: 1' }, 'invalid_request'],
        ]
        for (const [url, headers, expected] of cases) {
          const result = await transport.send({ url, headers, body: '' })
          assert.is(errorClassOf(result), expected, `${url} ${JSON.stringify(headers)}`)
        }
        assert.is(receiver.connections(), 0)
      })
    },
  },
  {
    name: 'without private addresses allowed, literal loopback hosts in any spelling are blocked before connecting',
    needsGuarded: true,
    async run({ guarded }) {
      await withReceivers([(_req, res) => res.end()], async ([receiver]) => {
        const port = receiver.port
        for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '0177.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost']) {
          const result = await guarded.send({ url: `http://${host}:${port}/`, headers: {}, body: '' })
          assert.is(errorClassOf(result), 'blocked_address', host)
        }
        assert.is(receiver.connections(), 0, 'no connection reached the receiver')
      })
    },
  },
]

type Answer = Parameters<typeof startReceiver>[0]

/** Starts one receiver per answer, runs `body`, and closes them all, also on failure. */
async function withReceivers<A extends Answer[]>(
  answers: [...A],
  body: (receivers: { [K in keyof A]: TestReceiver }) => Promise<void>,
): Promise<void> {
  const receivers: TestReceiver[] = []
  try {
    for (const answer of answers) receivers.push(await startReceiver(answer))
    await body(receivers as { [K in keyof A]: TestReceiver })
  } finally {
    await Promise.all(receivers.map((receiver) => receiver.close()))
  }
}

async function withTcpReceiver(
  onConnection: Parameters<typeof startTcpReceiver>[0],
  body: (receiver: TestReceiver) => Promise<void>,
): Promise<void> {
  const receiver = await startTcpReceiver(onConnection)
  try {
    await body(receiver)
  } finally {
    await receiver.close()
  }
}

/** Fails the test when `promise` takes longer than the generous bound. */
async function promptly<T>(promise: Promise<T>, what = 'the attempt ends'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${PROMPT_MS} ms: it did not`)), PROMPT_MS)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

function withoutDuration(result: WebhookAttemptResult): Omit<WebhookAttemptResult, 'durationMs'> {
  const { durationMs: _durationMs, ...rest } = result
  return rest
}

function errorClassOf(result: WebhookAttemptResult): string {
  return result.kind === 'error' ? result.errorClass : `response ${result.status}`
}

function headerValues(rawHeaders: [string, string][], name: string): string[] {
  return rawHeaders.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v)
}
