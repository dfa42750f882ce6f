/**
 * Baseline (c), run in its own process by the bench: a `node:http` server with a `pg` pool (max 20, as the
 * standalone server's) answering `GET /api/v1/management/surveys/{id}` with the same two queries Canvass
 * makes, on Canvass's own tables (in its default `canvass` schema): the key by its SHA-256 hash, then the survey, whose environment must be the
 * key's. The row goes out as `{ data: row }`, as `pg` returns it. Named statements, as the standalone
 * server's pool uses. Listens on `PORT` and `HOST`, reads from `DATABASE_URL`.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { ServerResponse } from 'node:http'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })
const PREFIX = '/api/v1/management/surveys/'
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' }

const server = createServer((request, response) => {
  const url = request.url ?? '/'
  if (request.method === 'GET' && url.startsWith(PREFIX)) {
    const key = request.headers['x-api-key']
    read(typeof key === 'string' ? key : '', url.slice(PREFIX.length), response).catch((error: unknown) => {
      console.error('read failed', error)
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  } else if (request.method === 'GET' && url === '/health') {
    response.writeHead(200).end()
  } else {
    response.writeHead(404).end()
  }
})

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')

async function read(key: string, surveyId: string, response: ServerResponse): Promise<void> {
  const hash = createHash('sha256').update(key).digest('hex')
  const keys = await pool.query<{ environment_id: string }>({
    name: 'bench_key',
    text: 'SELECT environment_id FROM canvass.api_keys WHERE hash = $1 AND revoked_at IS NULL',
    values: [hash],
  })
  const environmentId = keys.rows[0]?.environment_id
  if (!environmentId) {
    response.writeHead(401, JSON_TYPE).end('{"code":"not_authenticated"}')
    return
  }
  const surveys = await pool.query({ name: 'bench_survey', text: 'SELECT * FROM canvass.surveys WHERE id = $1', values: [surveyId] })
  const survey = surveys.rows[0] as { environment_id?: string } | undefined
  if (!survey || survey.environment_id !== environmentId) {
    response.writeHead(404, JSON_TYPE).end('{"code":"not_found"}')
    return
  }
  response.writeHead(200, JSON_TYPE).end(JSON.stringify({ data: survey }))
}
