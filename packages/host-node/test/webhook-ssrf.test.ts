import { startReceiver } from '@canvass/test-utils'
import type { TestReceiver } from '@canvass/test-utils'
import type { WebhookAttemptResult } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createNodeWebhookTransport } from '../src'
import { fakeNetwork, PUBLIC_V4, PUBLIC_V4_B, PUBLIC_V6 } from './fake-network'

// Every test injects the resolver and the socket connection (fake-network.ts): nothing here can send a packet
// anywhere but to a loopback listener the test started, even if the transport is broken.

function outcome(result: WebhookAttemptResult): string {
  return result.kind === 'error' ? result.errorClass : `response ${result.status}`
}

const BLOCKED_RECORDS = [
  '127.0.0.1',
  '127.5.6.7',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '0.0.0.0',
  '255.255.255.255',
  '224.0.0.251',
  '192.0.2.10',
  '198.18.0.1',
  '240.0.0.1',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd00:ec2::254',
  'ff02::1',
  '2001:db8::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a9fe:a9fe',
  '::ffff:0:a00:1',
  '::7f00:1',
  '64:ff9b::7f00:1',
  '64:ff9b::a00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::5db8:d822',
  '2002:7f00:1::',
  '2002:a00:1::',
  '2002:a9fe:a9fe::',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
]

const names = suite('node transport: resolved addresses')

names('a name with any non-public record is blocked before any connection', async () => {
  const net = fakeNetwork()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
  for (const address of BLOCKED_RECORDS) {
    net.record('hooks.example', [address])
    const result = await transport.send({ url: 'https://hooks.example/in', headers: {}, body: '{}' })
    assert.is(outcome(result), 'blocked_address', address)
  }
  assert.is(net.resolved.length, BLOCKED_RECORDS.length, 'resolved once per attempt')
  assert.equal(net.connects, [], 'no connection was attempted')
  net.assertClean()
})

names('one private record among public ones blocks the attempt, in either order and family', async () => {
  const net = fakeNetwork()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
  const mixes = [
    [PUBLIC_V4, '10.0.0.1'],
    ['127.0.0.1', PUBLIC_V4],
    [PUBLIC_V4, PUBLIC_V6, '::1'],
    [PUBLIC_V6, '169.254.169.254'],
    [PUBLIC_V4, '::ffff:10.0.0.1'],
  ]
  for (const records of mixes) {
    net.record('mixed.example', records)
    const result = await transport.send({ url: 'http://mixed.example/', headers: {}, body: '' })
    assert.is(outcome(result), 'blocked_address', records.join(' + '))
    assert.ok(result.kind === 'error' && !result.message.includes(PUBLIC_V4), 'the message names only the blocked records')
  }
  assert.equal(net.connects, [])
  net.assertClean()
})

names('literal IP hosts in every spelling are blocked without resolving or connecting', async () => {
  const net = fakeNetwork()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
  const urls = [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://0177.1/',
    'http://127.1/',
    'http://127.0.0.1.:8080/',
    'http://0/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::]/',
    'http://167772161/',
    'http://012.0.0.1/',
    'http://0xa.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://100.64.0.1/',
    'http://localhost/',
    'http://metadata.localhost/',
  ]
  for (const url of urls) {
    const result = await transport.send({ url, headers: {}, body: '' })
    assert.is(outcome(result), 'blocked_address', url)
  }
  assert.equal(net.resolved, [])
  assert.equal(net.connects, [])
  net.assertClean()
})

names('unresolvable names, empty answers and non-addresses give dns errors without connecting', async () => {
  const net = fakeNetwork()
  const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
  assert.is(outcome(await transport.send({ url: 'http://missing.example/', headers: {}, body: '' })), 'dns')
  net.record('empty.example', [])
  assert.is(outcome(await transport.send({ url: 'http://empty.example/', headers: {}, body: '' })), 'dns')
  net.record('odd.example', ['0177.0.0.1'])
  assert.is(outcome(await transport.send({ url: 'http://odd.example/', headers: {}, body: '' })), 'dns')
  assert.equal(net.connects, [])
  net.assertClean()
})

names('a resolver that never answers runs into the timeout', async () => {
  const transport = createNodeWebhookTransport({
    resolve: () => new Promise(() => {}),
    connect: (target) => Promise.reject(new Error(`must not connect to ${target.address}`)),
    timeoutMs: 100,
  })
  const result = await transport.send({ url: 'http://slow-dns.example/', headers: {}, body: '' })
  assert.is(outcome(result), 'timeout')
})

names('a connect that throws at once, or a resolver that does, is an error result, never a throw', async () => {
  const transport = createNodeWebhookTransport({
    resolve: async () => [{ address: PUBLIC_V4, family: 4 }],
    connect: () => {
      throw new Error('no sockets today')
    },
  })
  assert.is(outcome(await transport.send({ url: 'http://receiver.example/', headers: {}, body: '' })), 'connect')
  const throwing = createNodeWebhookTransport({
    resolve: () => {
      throw new Error('no resolver today')
    },
    connect: (target) => Promise.reject(new Error(`must not connect to ${target.address}`)),
  })
  assert.is(outcome(await throwing.send({ url: 'http://receiver.example/', headers: {}, body: '' })), 'dns')
})

names.run()

const pinned = suite('node transport: connects to the checked address')

/** A receiver on loopback that the fake network reaches as `receiver.example` → PUBLIC_V4:80. */
async function publicReceiver(answer: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(answer)
  const net = fakeNetwork()
  net.record('receiver.example', [PUBLIC_V4])
  net.route(PUBLIC_V4, 80, receiver.port)
  return { receiver, net }
}

async function closing<T>(receiver: TestReceiver, body: () => Promise<T>): Promise<T> {
  try {
    return await body()
  } finally {
    await receiver.close()
  }
}

pinned('a public name is resolved once and connected at the checked address, with its name as Host', async () => {
  const { receiver, net } = await publicReceiver((_req, res) => res.writeHead(204).end())
  await closing(receiver, async () => {
    const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
    const result = await transport.send({ url: 'http://receiver.example/hooks?x=1', headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}' })
    assert.is(outcome(result), 'response 204')
    assert.equal(net.resolved, ['receiver.example'])
    assert.equal(
      net.connects.map(({ address, family, port, hostname }) => ({ address, family, port, hostname })),
      [{ address: PUBLIC_V4, family: 4, port: 80, hostname: 'receiver.example' }],
    )
    const request = receiver.requests[0]
    assert.is(request?.target, '/hooks?x=1')
    const header = (name: string) => request?.rawHeaders.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v)
    assert.equal(header('host'), ['receiver.example'])
    assert.equal(header('connection'), ['close'])
    net.assertClean()
  })
})

pinned('every attempt resolves and checks anew: a name that turns private is blocked on the next attempt', async () => {
  const { receiver, net } = await publicReceiver((_req, res) => res.end())
  await closing(receiver, async () => {
    const answers = [[PUBLIC_V4], ['127.0.0.1'], [PUBLIC_V4]]
    net.record('receiver.example', () => answers.shift() ?? [])
    const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
    const send = () => transport.send({ url: 'http://receiver.example/', headers: {}, body: '' })
    assert.is(outcome(await send()), 'response 200')
    assert.is(outcome(await send()), 'blocked_address')
    assert.is(outcome(await send()), 'response 200')
    assert.is(net.resolved.length, 3)
    assert.is(net.connects.length, 2)
    assert.is(receiver.connections(), 2, 'each attempt opened its own connection; none was reused')
    net.assertClean()
  })
})

pinned('a redirect to an internal address is returned as a 3xx, and nothing is followed', async () => {
  const { receiver, net } = await publicReceiver((_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  )
  await closing(receiver, async () => {
    const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
    const result = await transport.send({ url: 'http://receiver.example/', headers: {}, body: '' })
    assert.is(outcome(result), 'response 302')
    assert.equal(net.resolved, ['receiver.example'])
    assert.is(net.connects.length, 1)
    assert.is(receiver.requests.length, 1)
    net.assertClean()
  })
})

pinned('when a checked address refuses, the next checked address is tried; none is resolved again', async () => {
  const { receiver, net } = await publicReceiver((_req, res) => res.end())
  await closing(receiver, async () => {
    net.record('receiver.example', [PUBLIC_V6, PUBLIC_V4_B, PUBLIC_V4])
    const refusing = await startReceiver(() => {})
    const port = refusing.port
    await refusing.close()
    net.route(PUBLIC_V6, 80, port)
    net.route(PUBLIC_V4_B, 80, port)
    const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
    const result = await transport.send({ url: 'http://receiver.example/', headers: {}, body: '' })
    assert.is(outcome(result), 'response 200')
    assert.equal(
      net.connects.map(({ address, family }) => `${family}:${address}`),
      [`6:${PUBLIC_V6}`, `4:${PUBLIC_V4_B}`, `4:${PUBLIC_V4}`],
    )
    assert.is(net.resolved.length, 1)
    net.assertClean()
  })
})

pinned('with private addresses allowed, a name resolving to loopback is delivered (local development)', async () => {
  const receiver = await startReceiver((_req, res) => res.writeHead(202).end())
  await closing(receiver, async () => {
    const net = fakeNetwork()
    net.record('dev.internal', ['127.0.0.1'])
    net.allowLoopback(receiver.port)
    const transport = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect, allowPrivateAddresses: true })
    const result = await transport.send({ url: `http://dev.internal:${receiver.port}/`, headers: {}, body: '' })
    assert.is(outcome(result), 'response 202')
    const blocked = createNodeWebhookTransport({ resolve: net.resolve, connect: net.connect })
    assert.is(outcome(await blocked.send({ url: `http://dev.internal:${receiver.port}/`, headers: {}, body: '' })), 'blocked_address')
    assert.is(net.connects.length, 1)
    net.assertClean()
  })
})

pinned.run()
