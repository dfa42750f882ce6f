import type { WebhookAttemptResult } from '@canvass/core'
import { startTcpReceiver } from '@canvass/test-utils'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createSecureContext } from 'node:tls'
import type { SecureContext } from 'node:tls'
import { generate } from 'selfsigned'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createNodeWebhookTransport } from '../src'
import { fakeNetwork, PUBLIC_V4 } from './fake-network'

// An https receiver on loopback with a certificate made here for `receiver.example` and PUBLIC_V4; the fake
// network resolves the name to PUBLIC_V4 and routes PUBLIC_V4:443 to it, so TLS runs for real without any
// packet leaving the machine.

function outcome(result: WebhookAttemptResult): string {
  return result.kind === 'error' ? result.errorClass : `response ${result.status}`
}

const tls = suite('node transport: https')

let pems: { cert: string; private: string }
let server: ReturnType<typeof createServer>
let port = 0
/** The SNI names the server was asked for, including on handshakes that failed afterwards. */
const serverNames: string[] = []
const hosts: (string | undefined)[] = []

tls.before(async () => {
  pems = await generate([{ name: 'commonName', value: 'receiver.example' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'receiver.example' },
          { type: 7, ip: PUBLIC_V4 },
        ],
      },
    ],
  })
  const context = createSecureContext({ key: pems.private, cert: pems.cert })
  const SNICallback = (name: string, done: (error: Error | null, context: SecureContext) => void) => {
    serverNames.push(name)
    done(null, context)
  }
  server = createServer({ key: pems.private, cert: pems.cert, SNICallback }, (req, res) => {
    hosts.push(req.headers.host)
    req.resume()
    req.on('end', () => res.writeHead(200).end('ok'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
tls.after(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
tls.before.each(() => {
  serverNames.length = 0
  hosts.length = 0
})

function network() {
  const net = fakeNetwork()
  net.record('receiver.example', [PUBLIC_V4])
  net.record('other.example', [PUBLIC_V4])
  net.route(PUBLIC_V4, 443, port)
  return net
}

tls('SNI and the certificate check use the host name while the connection goes to the checked address', async () => {
  const net = network()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect, ca: pems.cert })
  const result = await transport.send({ url: 'https://receiver.example/hooks', headers: {}, body: '{}' })
  assert.is(outcome(result), 'response 200')
  assert.equal(serverNames, ['receiver.example'])
  assert.equal(hosts, ['receiver.example'])
  assert.equal(
    net.connects.map(({ address, port }) => `${address}:${port}`),
    [`${PUBLIC_V4}:443`],
  )
  net.assertClean()
})

tls('a certificate for another name fails with tls, before any request is sent', async () => {
  const net = network()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect, ca: pems.cert })
  const result = await transport.send({ url: 'https://other.example/hooks', headers: {}, body: '{}' })
  assert.is(outcome(result), 'tls')
  assert.equal(serverNames, ['other.example'], 'the name was sent as SNI')
  assert.equal(hosts, [], 'no request reached the receiver')
  net.assertClean()
})

tls('a certificate nobody trusts fails with tls', async () => {
  const net = network()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
  const result = await transport.send({ url: 'https://receiver.example/hooks', headers: {}, body: '{}' })
  assert.is(outcome(result), 'tls')
  assert.equal(hosts, [])
  net.assertClean()
})

tls('a literal IP host sends no SNI and is checked against the certificate IP address', async () => {
  const net = network()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect, ca: pems.cert })
  const result = await transport.send({ url: `https://${PUBLIC_V4}/hooks`, headers: {}, body: '{}' })
  assert.is(outcome(result), 'response 200')
  assert.equal(serverNames, [], 'no SNI')
  assert.equal(net.resolved, [])
  net.assertClean()
})

tls('a receiver that never completes the handshake runs into the timeout', async () => {
  const silent = await startTcpReceiver(() => {})
  try {
    const net = fakeNetwork()
    net.record('receiver.example', [PUBLIC_V4])
    net.route(PUBLIC_V4, 443, silent.port)
    const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect, ca: pems.cert, timeoutMs: 200 })
    const result = await transport.send({ url: 'https://receiver.example/', headers: {}, body: '' })
    assert.is(outcome(result), 'timeout')
    net.assertClean()
  } finally {
    await silent.close()
  }
})

tls.run()
