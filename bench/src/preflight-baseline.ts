/**
 * Baseline (a), run in its own process by the bench: the least a `node:http` server can do to answer a
 * CORS preflight with exactly the headers Canvass sends, a new request id included (the bench's requests
 * bring none). Listens on `PORT` and `HOST`.
 *
 * With `DATABASE_URL`, it first does what every server that keeps its data in Postgres does at its start: it
 * opens a `pg` pool (max 20, as the standalone server's) and runs a query on ten of its connections. The
 * preflight's code is the same either way; what differs is the process, whose shared Node code (events,
 * streams, sockets, promises) has then run for a database client too and is no longer tuned by V8 for the
 * preflight alone. That costs 3–5 % of preflights per second (README, "Reading the result").
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { OutgoingHttpHeaders } from 'node:http'
import pg from 'pg'

if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
  await Promise.all(Array.from({ length: 10 }, () => pool.query('SELECT 1')))
}

const server = createServer((request, response) => {
  if (request.method === 'OPTIONS') {
    const headers: OutgoingHttpHeaders = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
      'access-control-max-age': '86400',
      'x-content-type-options': 'nosniff',
      'x-request-id': randomUUID(),
    }
    const requested = request.headers['access-control-request-headers']
    if (requested) headers['access-control-allow-headers'] = requested
    response.writeHead(204, headers).end()
  } else if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200).end()
  } else {
    response.writeHead(404).end()
  }
})

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')
