// The open load of `bench:sizing`, run by `sizing.ts` in a process of its own: requests are sent at a fixed rate,
// on a schedule, whatever the server answers, as browsers and a load balancer send them; a server that falls
// behind builds a queue, and its latency shows it. (autocannon's rate limit lets each connection send its quota
// for a second at the start of that second: a burst a second rather than a steady rate.)
//
// The requests follow a cycle of 20, the traffic of widgets on a site and of respondents answering a survey in
// four writes, as @formbricks/js and Canvass's widget send them (packages/widget/src/shared/client-api.ts): the
// environment state 12 times (3 whole, 9 revalidated with its ETag and answered 304), 2 CORS preflights, a
// display, a response create naming it, 3 updates of earlier cycles' responses (the third finishes one), each
// write with an Idempotency-Key, and one management list of 25 responses. Client requests come from 1,000
// addresses (`x-forwarded-for`). An update whose response is not known yet (the first cycles, or a create that
// failed) is sent as a state request instead and counted apart (`update-skipped`).
//
// Reads SIZING_LOAD (JSON: url, environmentId, surveyId, apiKey, etag, rate, warmup and duration in seconds, and
// `answers`, each the four parts of one response's writes) and prints, as one JSON object, what the requests
// sent in the measured window got: counts, latencies by kind, statuses, and the window's start and end
// (epoch ms), so that the bench can take the server's CPU over the same seconds.
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'

const plan = JSON.parse(process.env.SIZING_LOAD)
const agent = new Agent({ keepAlive: true, maxSockets: 512 })
const base = new URL(plan.url)
const client = `/api/v1/client/${plan.environmentId}`
const ORIGIN = 'https://shop.example'
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
/** A request unanswered after this long counts as failed. */
const TIMEOUT_MS = 30_000

const CYCLE = [
  'state',
  'state-304',
  'preflight-display',
  'display',
  'state-304',
  'create',
  'state',
  'state-304',
  'preflight-update',
  'update-1',
  'state-304',
  'state-304',
  'list',
  'state',
  'update-2',
  'state-304',
  'state-304',
  'update-3',
  'state-304',
  'state-304',
]

/**
 * A respondent's answers come a while apart: the response created in one cycle gets its first update
 * `UPDATE_AFTER` cycles later, its second twice that, its last (finishing it) three times that.
 */
const UPDATE_AFTER = 2
/** The displays made and not yet named by a response, and the response each recent cycle created. */
const displays = []
const responses = new Map()
let n = 0

function next(slot) {
  const cycle = Math.floor(slot / CYCLE.length)
  const kind = CYCLE[slot % CYCLE.length]
  const address = `10.${(slot >> 8) % 4}.${slot % 250}.${1 + ((slot * 7) % 200)}`
  const headers = { origin: ORIGIN, 'user-agent': USER_AGENT, 'x-forwarded-for': address }
  const answers = plan.answers[cycle % plan.answers.length]
  switch (kind) {
    case 'state':
      return { kind, method: 'GET', path: `${client}/environment`, headers }
    case 'state-304':
      return { kind, method: 'GET', path: `${client}/environment`, headers: { ...headers, 'if-none-match': plan.etag } }
    case 'preflight-display':
    case 'preflight-update': {
      const path =
        kind === 'preflight-display' ? `${client}/displays` : `${client}/responses/${responses.get(cycle - UPDATE_AFTER) ?? 'none'}`
      const method = kind === 'preflight-display' ? 'POST' : 'PUT'
      return {
        kind: 'preflight',
        method: 'OPTIONS',
        path,
        headers: { ...headers, 'access-control-request-method': method, 'access-control-request-headers': 'content-type,idempotency-key' },
      }
    }
    case 'display':
      return json(kind, 'POST', `${client}/displays`, headers, { surveyId: plan.surveyId }, (body) => displays.push(body.data.id))
    case 'create': {
      const displayId = displays.shift()
      return json(
        kind,
        'POST',
        `${client}/responses`,
        headers,
        {
          surveyId: plan.surveyId,
          finished: false,
          ...answers[0],
          ...(displayId ? { displayId } : {}),
          meta: { url: `${ORIGIN}/checkout`, action: 'Checkout' },
        },
        (body) => {
          responses.set(cycle, body.data.id)
          responses.delete(cycle - 4 * UPDATE_AFTER)
        },
      )
    }
    case 'update-1':
    case 'update-2':
    case 'update-3': {
      const part = Number(kind.at(-1))
      const id = responses.get(cycle - UPDATE_AFTER * part)
      // The response is not known yet (the load's first cycles) or its create failed: the state again, counted.
      if (id === undefined) return { kind: 'update-skipped', method: 'GET', path: `${client}/environment`, headers }
      return { ...json('update', 'PUT', `${client}/responses/${id}`, headers, { ...answers[part], finished: part === 3 }), responseId: id }
    }
    case 'list':
      return {
        kind,
        method: 'GET',
        path: `/api/v1/management/responses?surveyId=${plan.surveyId}&limit=25`,
        headers: { 'x-api-key': plan.apiKey, 'user-agent': USER_AGENT },
      }
  }
  throw new Error(`unknown kind ${kind}`)
}

function json(kind, method, path, headers, body, onAnswer) {
  const text = JSON.stringify(body)
  return {
    kind,
    method,
    path,
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'content-length': Buffer.byteLength(text) },
    body: text,
    onAnswer,
  }
}

const samples = []
/** The first answer of each kind of request and failing status, to tell why. */
const refusals = {}
let inFlight = 0
let maxInFlight = 0
let answeredInWindow = 0

/**
 * The responses with an update in flight, each with the updates that wait for it: a widget sends a response's
 * updates one after another (its outbox), so the next waits for the answer to the one before, here too.
 */
const updating = new Map()

function send(req, scheduledAt, measured) {
  if (req.responseId !== undefined) {
    const waiting = updating.get(req.responseId)
    if (waiting) return void waiting.push([req, scheduledAt, measured])
    updating.set(req.responseId, [])
  }
  dispatch(req, scheduledAt, measured)
}

function dispatch(req, scheduledAt, measured) {
  const sentAt = performance.now()
  inFlight++
  maxInFlight = Math.max(maxInFlight, inFlight)
  let finished = false
  const done = (status, body) => {
    if (finished) return
    finished = true
    inFlight--
    const now = performance.now()
    if (now >= windowStart && now < windowEnd) answeredInWindow++
    const ok = status >= 200 && status < 400
    if (ok && req.onAnswer && body) {
      try {
        req.onAnswer(JSON.parse(body))
      } catch {}
    }
    // `late`: how long after its time a request went out (the generator's lag, or an update waiting for the one before).
    if (measured) samples.push({ kind: req.kind, ms: now - sentAt, status, late: sentAt - scheduledAt })
    if (!ok) refusals[`${req.kind} ${status}`] ??= (body ?? '').slice(0, 300)
    if (req.responseId !== undefined) {
      const following = updating.get(req.responseId)?.shift()
      if (following) dispatch(...following)
      else updating.delete(req.responseId)
    }
  }
  const outgoing = request(
    { host: base.hostname, port: base.port, method: req.method, path: req.path, headers: req.headers, agent, timeout: TIMEOUT_MS },
    (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => done(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')))
      response.on('error', (error) => done(0, `${error.code ?? ''} ${error.message}`))
    },
  )
  outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
  outgoing.on('error', (error) => done(0, `${error.code ?? ''} ${error.message}`))
  outgoing.end(req.body)
}

const started = performance.now()
const windowStart = started + plan.warmup * 1000
const windowEnd = windowStart + plan.duration * 1000
const interval = 1000 / plan.rate

await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now()
    while (started + n * interval <= now) {
      const scheduledAt = started + n * interval
      if (scheduledAt >= windowEnd) return resolve()
      send(next(n), scheduledAt, scheduledAt >= windowStart)
      n++
    }
    setTimeout(tick, Math.max(0, started + n * interval - performance.now()))
  }
  tick()
})
// What is still in flight is answered or times out; it belongs to the window it was sent in.
const drainUntil = performance.now() + TIMEOUT_MS + 1000
while (inFlight > 0 && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 20))
agent.destroy()

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)])
function stats(list) {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b)
  return { count: list.length, p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), max: ms.at(-1) ?? null }
}
const byKind = {}
for (const kind of new Set(samples.map((s) => s.kind))) byKind[kind] = stats(samples.filter((s) => s.kind === kind))
const statusCodes = {}
for (const s of samples) statusCodes[s.status] = (statusCodes[s.status] ?? 0) + 1
const late = samples.map((s) => s.late).sort((a, b) => a - b)
process.stdout.write(
  JSON.stringify({
    ...stats(samples),
    sentPerSecond: samples.length / plan.duration,
    answeredPerSecond: answeredInWindow / plan.duration,
    failed: samples.filter((s) => s.status === 0 || s.status >= 400).length,
    unanswered: inFlight,
    maxInFlight,
    lateP99: percentile(late, 0.99),
    statusCodes,
    refusals,
    byKind,
    window: { start: performance.timeOrigin + windowStart, end: performance.timeOrigin + windowEnd },
  }),
)
