/**
 * Baseline (a), run in its own process by the bench: the least a `node:http` server can do to answer a
 * CORS preflight with exactly the headers Canvass sends, a new request id included (the bench's requests
 * bring none). Listens on `PORT` and `HOST`.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { OutgoingHttpHeaders } from 'node:http'

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
