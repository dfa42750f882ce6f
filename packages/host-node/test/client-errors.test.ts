import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyServerLimits, serve, toNodeListener } from '../src'
import type { NodeServer } from '../src'

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends `bytes` as they are over a fresh loopback connection and reads until the server closes it (each
 * request here either makes the server close the connection or asks it to), then parses the one answer.
 */
async function exchange(port: number, bytes: string): Promise<RawAnswer> {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  // The server may close while the test still writes (a header past the limit): the answer came first.
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.write(bytes)
  await closed
  const end = received.indexOf('\r\n\r\n')
  assert.ok(end > 0, `an answer with headers: ${JSON.stringify(received)}`)
  const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: received.slice(end + 4) }
}

/** Asserts the API's error answer: its status, a JSON body `{code, message, details: {}}` and its headers. */
function assertContractError(answer: RawAnswer, status: number, code: string, what: string): void {
  assert.is(answer.status, status, what)
  let body: { code?: unknown; message?: unknown; details?: unknown } = {}
  try {
    body = JSON.parse(answer.body)
  } catch {
    assert.unreachable(`${what}: the body is not JSON: ${JSON.stringify(answer.body)}`)
  }
  assert.equal(Object.keys(body), ['code', 'message', 'details'], what)
  assert.is(body.code, code, what)
  assert.type(body.message, 'string', what)
  assert.ok((body.message as string).length > 0, `${what}: a message`)
  assert.equal(body.details, {}, what)
  assert.is(answer.headers['content-type'], 'application/json; charset=utf-8', what)
  assert.is(answer.headers['cache-control'], 'private, no-store', what)
  assert.is(answer.headers['x-content-type-options'], 'nosniff', what)
  assert.is(Number(answer.headers['content-length']), Buffer.byteLength(answer.body), what)
}

const ok = async () => new Response('fine')

const refused = suite("requests Node or the URL refuse get the API's error shape")
let server: NodeServer
refused.before(async () => {
  server = await serve({ fetch: ok, port: 0, hostname: '127.0.0.1', handleSignals: false, headersTimeoutMs: 600, requestTimeoutMs: 5000 })
})
refused.after(async () => {
  await server.close()
})

refused('a raw backslash in the path is 400 bad_request with a JSON body', async () => {
  const answer = await exchange(server.port, 'GET /api/v1/client/a\\b/environment HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
  assertContractError(answer, 400, 'bad_request', 'backslash')
})

refused('a Host header no URL can be built from is 400 bad_request with a JSON body', async () => {
  const answer = await exchange(server.port, 'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n')
  assertContractError(answer, 400, 'bad_request', 'host')
})

refused(
  'what the HTTP parser refuses: 400 for malformed requests, 431 for headers too large, 413 for chunk extensions too large',
  async () => {
    const cases: Array<[string, string, number, string]> = [
      ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n', 400, 'bad_request'],
      ['a control character in the path', 'GET /a\u0001b HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
      [
        'Content-Length beside Transfer-Encoding',
        'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n',
        400,
        'bad_request',
      ],
      ['two Content-Lengths', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab', 400, 'bad_request'],
      ['not HTTP at all', 'HELLO THERE\r\n\r\n', 400, 'bad_request'],
      [
        'a bad chunk size after the handler started',
        'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
        400,
        'bad_request',
      ],
      ['headers of 20 KB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'request_header_fields_too_large'],
      [
        'chunk extensions of 20 KB',
        `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;${'a'.repeat(20_000)}\r\nx\r\n0\r\n\r\n`,
        413,
        'payload_too_large',
      ],
    ]
    for (const [what, bytes, status, code] of cases) assertContractError(await exchange(server.port, bytes), status, code, what)
  },
)

refused('headers that stop coming are 408 request_timeout with a JSON body', async () => {
  const answer = await exchange(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ')
  assertContractError(answer, 408, 'request_timeout', 'headers timeout')
})

refused('the server keeps serving', async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/`)
  assert.equal([res.status, await res.text()], [200, 'fine'])
})

const owned = suite('applyServerLimits on a server you own')

owned("answers parser errors in the API's shape too", async () => {
  const own = applyServerLimits(createServer(toNodeListener(ok)))
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve))
  try {
    const answer = await exchange((own.address() as AddressInfo).port, 'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n')
    assertContractError(answer, 400, 'bad_request', 'own server')
  } finally {
    own.closeAllConnections()
    await new Promise((resolve) => own.close(resolve))
  }
})

owned('leaves a server that answers its clientErrors itself (Fastify does) alone', () => {
  const own = createServer()
  const mine = () => {}
  own.on('clientError', mine)
  applyServerLimits(own)
  assert.equal(own.listeners('clientError'), [mine])
})

for (const s of [refused, owned]) s.run()
