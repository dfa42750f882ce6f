/**
 * Baseline (b), run in its own process by the bench: a `node:http` server with a `pg` pool (max 20, as the
 * standalone server's) that parses each JSON body and inserts it as one JSONB row. The floor any
 * response-create endpoint on this Postgres can reach. Listens on `PORT` and `HOST`, stores in `DATABASE_URL`.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline (id text PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL)')

const server = createServer((request, response) => {
  if (request.method === 'POST') {
    insert(request, response).catch((error: unknown) => {
      console.error('insert failed', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  } else if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200).end()
  } else {
    response.writeHead(404).end()
  }
})

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')

async function insert(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    response.writeHead(400).end()
    return
  }
  const id = randomUUID()
  await pool.query('INSERT INTO bench_baseline (id, body, created_at) VALUES ($1, $2, $3)', [id, JSON.stringify(body), new Date()])
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ data: { id } }))
}
