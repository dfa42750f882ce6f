import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import { CanvassError } from '@canvass/core'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { closedPort } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import { isConnectionError } from '../src/postgres/connection-error'
import { backends } from './backends'

const unavailable = suite('a database that cannot be reached answers service_unavailable')

function storageOn(port: number) {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'nobody', database: 'none', connectionTimeoutMillis: 500, max: 2 })
  pool.on('error', () => {})
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
  return { db, storage: createKyselyStorage({ db }) }
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

function assertUnavailable(error: unknown) {
  assert.instance(error, CanvassError)
  const known = error as CanvassError
  assert.is(known.code, 'service_unavailable')
  assert.is(known.status, 503)
  assert.is(known.headers['retry-after'], '5')
  assert.ok(isConnectionError(known.cause), 'the driver error is kept as the cause')
}

unavailable('a refused connection: every store method rejects with 503, ping answers false', async () => {
  const { db, storage } = storageOn(await closedPort())
  try {
    assertUnavailable(await rejectionOf(storage.projects.list()))
    assertUnavailable(await rejectionOf(storage.surveys.get('survey')))
    assertUnavailable(await rejectionOf(storage.apiKeys.findByHash('0'.repeat(64))))
    assert.is(await storage.ping(), false)
  } finally {
    await db.destroy()
  }
})

unavailable('a server that accepts but never answers: 503 once the connect timeout passes', async () => {
  const sockets = new Set<import('node:net').Socket>()
  const silent: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { db, storage } = storageOn((silent.address() as AddressInfo).port)
  try {
    assertUnavailable(await rejectionOf(storage.projects.list()))
  } finally {
    await db.destroy()
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  }
})

unavailable('an error of the statement itself passes through unchanged', async () => {
  // Not migrated: the tables do not exist, which is no outage.
  const open = await backends()[0]!.open()
  try {
    const error = await rejectionOf(createKyselyStorage({ db: open.db }).projects.list())
    assert.not.instance(error, CanvassError)
    assert.match(String((error as Error).message), /does not exist/)
  } finally {
    await open.close()
  }
})

unavailable('isConnectionError tells outages from statement errors', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })
  for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '53300']) {
    assert.ok(isConnectionError(withCode(code)), code)
  }
  for (const code of ['23505', '22P02', '40001', '42P01', 'ERR_INVALID_ARG_TYPE']) {
    assert.not.ok(isConnectionError(withCode(code)), code)
  }
  assert.ok(isConnectionError(new Error('Connection terminated unexpectedly')))
  assert.ok(isConnectionError(new Error('timeout exceeded when trying to connect')))
  assert.ok(isConnectionError(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect')))
  assert.ok(isConnectionError(new Error('wrapped', { cause: withCode('57P01') })))
  assert.not.ok(isConnectionError(new Error('duplicate key value violates unique constraint')))
  assert.not.ok(isConnectionError('ECONNREFUSED'))
})

unavailable.run()
