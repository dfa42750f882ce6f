/**
 * Core's spans (docs/deploying.md, "OpenTelemetry") on the test bed, with the official SDK registered for the
 * suite and its in-memory exporter: a request's server span (route, status, environment, a caller's trace
 * continued, nothing of the path as sent), the dispatcher's job and delivery spans and the `traceparent` the
 * receiver gets, a mail's delivery span; and, with no provider registered, no `traceparent` either.
 */
import { context, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { SpanKind } from '@opentelemetry/api'
import { createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createMailSender } from '../src'
import type { MailTransport } from '../src'

const exporter = new InMemorySpanExporter()
let provider: TracerProvider | undefined
let bed: TestCanvass

function register(): void {
  provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] })
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(provider)
}

/** Back to the API's no-op, as for a process that registered nothing (the next test file's too). */
async function unregister(): Promise<void> {
  await provider?.shutdown()
  provider = undefined
  trace.disable()
  propagation.disable()
  context.disable()
}

const spans = (): ReadableSpan[] => exporter.getFinishedSpans()
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId

async function surveyWithWebhook(): Promise<string> {
  const survey = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      environmentId: bed.envA,
      name: 'Traced',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
    },
  })
  assert.is(survey.status, 200, survey.text)
  const hook = await bed.call('POST', '/api/v1/webhooks', {
    key: bed.keyA,
    body: { url: 'https://receiver.example/hook', triggers: ['responseCreated'] },
  })
  assert.is(hook.status, 200, hook.text)
  return survey.body.data.id as string
}

const traced = suite('tracing: spans with an SDK registered')

traced.before(async () => {
  bed = await createTestCanvass({ widgetBundles: false, blobs: false })
  register()
})
traced.after(async () => {
  await unregister()
})
traced.before.each(() => {
  exporter.reset()
  bed.receiver.clear()
})

traced("a request's server span: its route, status and environment, a caller's trace, nothing of the path", async () => {
  const caller = '4bf92f3577b34da6a3ce929d0e0e4736'
  const me = await bed.call('GET', '/api/v1/me', { key: bed.keyA, headers: { traceparent: `00-${caller}-00f067aa0ba902b7-01` } })
  assert.is(me.status, 200)
  const missing = await bed.call('POST', '/api/v1/client/someone@example.com/responses?email=someone@example.com', {
    body: { surveyId: 'nope', data: {} },
  })
  assert.ok(missing.status >= 400)
  const [first, second] = spans().filter((span) => span.kind === SpanKind.SERVER)
  assert.is(first?.name, 'GET /api/v1/me')
  assert.is(first?.spanContext().traceId, caller, "the caller's trace goes on")
  assert.is(parentOf(first!), '00f067aa0ba902b7')
  assert.equal(first?.attributes, {
    'http.request.method': 'GET',
    'http.response.status_code': 200,
    'http.route': '/api/v1/me',
    'canvass.request.id': me.headers.get('x-request-id'),
    'canvass.environment.id': bed.envA,
  })
  assert.is(second?.name, 'POST /api/v1/client/:environmentId/responses')
  assert.is(second?.attributes['http.response.status_code'], missing.status)
  assert.is(second?.attributes['canvass.environment.id'], undefined, 'a path that names no environment Canvass has is not recorded')
  assert.not.ok(JSON.stringify(spans().map((span) => span.attributes)).includes('someone@example.com'))
})

traced("a delivery's span is a child of the dispatcher's job, and its context is the receiver's traceparent", async () => {
  const surveyId = await surveyWithWebhook()
  const created = await bed.call('POST', `/api/v1/client/${bed.envA}/responses`, {
    body: { surveyId, finished: false, data: { q1: 'hi' } },
  })
  assert.is(created.status, 200)
  exporter.reset()
  const report = await bed.deliverWebhooks()
  assert.is(report.delivered, 1)
  const delivery = spans().find((span) => span.name === 'webhook delivery')
  assert.ok(
    delivery,
    spans()
      .map((span) => span.name)
      .join(', '),
  )
  const header = bed.receiver.received[0]?.headers.traceparent
  assert.is(header, `00-${delivery.spanContext().traceId}-${delivery.spanContext().spanId}-01`)
  assert.is(delivery.kind, SpanKind.CLIENT)
  assert.equal(
    {
      outcome: delivery.attributes['canvass.webhook.outcome'],
      attempt: delivery.attributes['canvass.webhook.attempt'],
      host: delivery.attributes['server.address'],
      port: delivery.attributes['server.port'],
      status: delivery.attributes['http.response.status_code'],
    },
    { outcome: 'delivered', attempt: 1, host: 'receiver.example', port: 443, status: 200 },
  )
  const job = spans().find((span) => span.spanContext().spanId === parentOf(delivery))
  assert.is(job?.name, 'canvass.job webhooks')
  assert.is(parentOf(job!), undefined, 'a job is the root of its trace')
  assert.is(job?.attributes['canvass.job.started'], 1)
})

traced("a mail's delivery span, under the sender's job, with its id and outcome and never its address", async () => {
  const to = 'invitee@example.com'
  await bed.storage.mail.enqueue({
    id: 'mailtracedone',
    eventKey: 'traced:1',
    projectId: null,
    to,
    kind: 'invitation',
    language: 'en',
    subject: 'You are invited',
    status: 'queued',
    text: 'Hello',
    html: '<p>Hello</p>',
    createdAt: new Date(Date.now() - 1000),
  })
  const sent: string[] = []
  const transport: MailTransport = {
    async send(mail) {
      sent.push(mail.to)
      return { outcome: 'sent' }
    },
  }
  const sender = createMailSender({
    mail: bed.storage.mail,
    transport,
    from: 'canvass@mail.test',
    messageIdDomain: 'mail.test',
    logger: console,
    now: () => new Date(),
  })
  const report = await sender.runOnce()
  assert.is(report.sent, 1)
  assert.equal(sent, [to])
  const delivery = spans().find((span) => span.name === 'mail delivery')
  assert.ok(
    delivery,
    spans()
      .map((span) => span.name)
      .join(', '),
  )
  assert.equal(delivery.attributes, { 'canvass.mail.id': 'mailtracedone', 'canvass.mail.attempt': 1, 'canvass.mail.outcome': 'sent' })
  assert.is(spans().find((span) => span.spanContext().spanId === parentOf(delivery))?.name, 'canvass.job mail')
  assert.not.ok(JSON.stringify(spans().map((span) => span.attributes)).includes(to))
})

traced.run()

const untraced = suite('tracing: no provider registered')

// The same bed, now with nothing registered: the API's no-op everywhere.
untraced.after(async () => {
  await bed?.close()
})

untraced('a delivery carries no traceparent', async () => {
  bed.receiver.clear()
  const surveyId = await surveyWithWebhook()
  const created = await bed.call('POST', `/api/v1/client/${bed.envA}/responses`, {
    body: { surveyId, finished: false, data: { q1: 'hi' } },
  })
  assert.is(created.status, 200)
  assert.ok((await bed.deliverWebhooks()).delivered >= 1)
  assert.ok(bed.receiver.received.length >= 1)
  for (const received of bed.receiver.received) assert.is(received.headers.traceparent, undefined)
})

untraced.run()
