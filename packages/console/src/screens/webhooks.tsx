/**
 * Webhooks (owners): the list, create (its signing secret shown once), edit, a test delivery, delete, and each
 * webhook's delivery log with redeliver. Edit and test use routes an older server may lack: the screen asks the
 * server once, with a call that cannot change anything, and offers them only when the routes answer.
 */
import type { AnswerData, Schema } from '@canvass/api-client'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Api } from '../api'
import { useConsole } from '../context'
import { readPage, routeMissing } from '../paging'
import { ConfirmDialog, CopyButton, ErrorText, useAction, useLoad, when } from '../ui'

const EVENTS = [
  { id: 'responseCreated', label: 'Response created' },
  { id: 'responseUpdated', label: 'Response updated' },
  { id: 'responseFinished', label: 'Response finished' },
] as const

type Webhook = AnswerData<'/api/v1/webhooks'>[number]

/** One try of a delivery. The document leaves a delivery's attempts open; these are the fields it always has. */
interface Attempt {
  at: string
  status: number | null
  durationMs: number
  errorClass: string | null
}

type Delivery = Omit<Schema<'WebhookDelivery'>, 'attempts'> & { attempts: Attempt[] }

const nameOf = (webhook: Webhook) => webhook.name || webhook.url
const eventLabel = (id: string) => EVENTS.find((event) => event.id === id)?.label ?? id

/**
 * Whether the server has the edit (`PATCH /api/v1/management/webhooks/:id`, Canvass's route: the reference's v1
 * path has no edit) and `POST /webhooks/:id/test`: probed on an id no webhook has.
 */
async function probeRoutes(api: Api): Promise<{ edit: boolean; test: boolean }> {
  const has = (call: Promise<unknown>) =>
    call.then(
      () => true,
      (error: unknown) => !routeMissing(error),
    )
  const [edit, test] = await Promise.all([
    has(api.call('/api/v1/management/webhooks/route-probe', { method: 'PATCH', body: {} })),
    has(api.call('/api/v1/webhooks/route-probe/test', { method: 'POST', body: {} })),
  ])
  return { edit, test }
}

export function WebhooksScreen() {
  const { api, environmentId } = useConsole()
  const webhooks = useLoad((signal) => api.data<Webhook[]>('/api/v1/webhooks', { query: { limit: 100 }, signal }), [environmentId])
  const surveys = useLoad(
    (signal) => api.data<AnswerData<'/api/v1/management/surveys'>>('/api/v1/management/surveys', { query: { limit: 100 }, signal }),
    [environmentId],
  )
  const [routes, setRoutes] = useState<{ edit: boolean; test: boolean }>({ edit: false, test: false })
  useEffect(() => {
    probeRoutes(api).then(setRoutes, () => setRoutes({ edit: false, test: false }))
  }, [environmentId])
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null)
  const [editing, setEditing] = useState<Webhook | null>(null)
  const [showing, setShowing] = useState<Webhook | null>(null)
  const [deleting, setDeleting] = useState<Webhook | null>(null)
  const [testResult, setTestResult] = useState<string | null>(null)
  const [busy, run] = useAction()
  const surveyName = (id: string) => surveys.data?.find((survey) => survey.id === id)?.name ?? id

  const sendTest = (webhook: Webhook) =>
    run(async () => {
      const answer = await api.data<AnswerData<'/api/v1/webhooks/{webhookId}/test', 'post'>>(
        `/api/v1/webhooks/${encodeURIComponent(webhook.id)}/test`,
        { method: 'POST' },
      )
      setTestResult(`Test of ${nameOf(webhook)}: ${testWords(answer)}`)
    })

  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p class="cv-muted">A webhook sends each new or changed response to a URL of yours, signed with its secret.</p>
      {secret && <SecretCard secret={secret} onDone={() => setSecret(null)} />}
      <WebhookForm
        key={editing?.id ?? 'new'}
        editing={editing}
        surveys={surveys.data ?? []}
        busy={busy}
        onSubmit={(input) =>
          run(
            async () => {
              if (editing) {
                await api.data(`/api/v1/management/webhooks/${encodeURIComponent(editing.id)}`, { method: 'PATCH', body: input })
                setEditing(null)
              } else {
                const created = await api.data<AnswerData<'/api/v1/webhooks', 'post'>>('/api/v1/webhooks', { method: 'POST', body: input })
                setSecret({ name: nameOf(created), secret: created.secret })
              }
              webhooks.reload()
            },
            editing ? 'Webhook saved' : 'Webhook created',
          )
        }
        onCancel={() => setEditing(null)}
      />
      <h2>Your webhooks</h2>
      <ErrorText error={webhooks.error} />
      {testResult && <p role="status">{testResult}</p>}
      {webhooks.loading && !webhooks.data && <p>Loading webhooks…</p>}
      {webhooks.data?.length === 0 && <p>No webhooks yet. Create one above to send responses to another system.</p>}
      {!!webhooks.data?.length && (
        <WebhooksTable
          webhooks={webhooks.data}
          surveyName={surveyName}
          routes={routes}
          busy={busy}
          onShow={setShowing}
          onEdit={setEditing}
          onTest={sendTest}
          onDelete={setDeleting}
        />
      )}
      {showing && <Deliveries key={showing.id} webhook={showing} onClose={() => setShowing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the webhook ${deleting ? nameOf(deleting) : ''}?`}
        confirm="Delete webhook"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const webhook = deleting
          setDeleting(null)
          if (!webhook) return
          void run(async () => {
            await api.data(`/api/v1/webhooks/${encodeURIComponent(webhook.id)}`, { method: 'DELETE' })
            if (showing?.id === webhook.id) setShowing(null)
            webhooks.reload()
          }, 'Webhook deleted')
        }}
      >
        <p>Nothing more will be sent to {deleting?.url}, and its deliveries still waiting are dropped.</p>
      </ConfirmDialog>
    </section>
  )
}

/** A new webhook's signing secret, shown this once. */
function SecretCard({ secret, onDone }: { secret: { name: string; secret: string }; onDone(): void }) {
  return (
    <div class="cv-card" role="region" aria-label="Signing secret">
      <h2>Signing secret of {secret.name}</h2>
      <p>
        This secret is shown <strong>only this once</strong>. Copy it now and give it to your receiver to check the signatures.
      </p>
      <p class="cv-code" data-testid="webhook-secret">
        {secret.secret}
      </p>
      <div class="cv-row">
        <CopyButton text={secret.secret} label="Copy secret" />
        <button type="button" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  )
}

/** The webhooks, each with its actions; edit and test only where the server has their routes. */
function WebhooksTable(props: {
  webhooks: Webhook[]
  surveyName(id: string): string
  routes: { edit: boolean; test: boolean }
  busy: boolean
  onShow(webhook: Webhook): void
  onEdit(webhook: Webhook): void
  onTest(webhook: Webhook): void
  onDelete(webhook: Webhook): void
}) {
  return (
    <table>
      <caption class="cv-muted">Webhooks of this environment, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">URL</th>
          <th scope="col">Events</th>
          <th scope="col">Surveys</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {props.webhooks.map((webhook) => (
          <tr key={webhook.id}>
            <td>{webhook.name || <span class="cv-muted">(no name)</span>}</td>
            <td class="cv-wrap">{webhook.url}</td>
            <td>{webhook.triggers.map(eventLabel).join(', ') || 'None'}</td>
            <td>{webhook.surveyIds.length === 0 ? 'All surveys' : webhook.surveyIds.map(props.surveyName).join(', ')}</td>
            <td>{when(webhook.createdAt)}</td>
            <td>
              <div class="cv-actions">
                <button type="button" onClick={() => props.onShow(webhook)} aria-label={`Deliveries of ${nameOf(webhook)}`}>
                  Deliveries
                </button>
                {props.routes.edit && (
                  <button type="button" onClick={() => props.onEdit(webhook)} aria-label={`Edit ${nameOf(webhook)}`}>
                    Edit
                  </button>
                )}
                {props.routes.test && (
                  <button
                    type="button"
                    disabled={props.busy}
                    onClick={() => props.onTest(webhook)}
                    aria-label={`Send test to ${nameOf(webhook)}`}
                  >
                    Send test
                  </button>
                )}
                <button type="button" class="cv-danger" onClick={() => props.onDelete(webhook)} aria-label={`Delete ${nameOf(webhook)}`}>
                  Delete
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What a test delivery's answer says, in words (the route's answer: the outcome of one attempt). */
function testWords(answer: Record<string, unknown> | undefined): string {
  const status = answer?.status ?? answer?.statusCode
  const error = answer?.errorClass ?? answer?.error
  if (typeof status === 'number') return `the receiver answered ${status}${status >= 200 && status < 300 ? ' (delivered)' : ''}.`
  if (typeof error === 'string') return `no answer from the receiver (${error}).`
  if (answer?.ok === true || answer?.delivered === true) return 'delivered.'
  return 'sent.'
}

interface WebhookInput {
  name?: string
  url: string
  triggers: string[]
  surveyIds: string[]
}

function WebhookForm(props: {
  editing: Webhook | null
  surveys: Array<{ id: string; name: string }>
  busy: boolean
  onSubmit(input: WebhookInput): Promise<boolean>
  onCancel(): void
}) {
  const { editing } = props
  const [name, setName] = useState(editing?.name ?? '')
  const [url, setUrl] = useState(editing?.url ?? '')
  const [triggers, setTriggers] = useState<string[]>(editing?.triggers ?? ['responseFinished'])
  const [surveyIds, setSurveyIds] = useState<string[]>(editing?.surveyIds ?? [])
  const [error, setError] = useState<string | null>(null)
  const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((item) => item !== id))
  // Edit moves the focus to the form it fills, so a keyboard user lands where the webhook is edited.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (editing) heading.current?.focus()
  }, [])
  return (
    <form
      class="cv-card"
      aria-labelledby="webhook-form-title"
      onSubmit={async (event) => {
        event.preventDefault()
        if (triggers.length === 0) {
          setError('Pick at least one event.')
          return
        }
        setError(null)
        const done = await props.onSubmit({ ...(name.trim() ? { name: name.trim() } : {}), url: url.trim(), triggers, surveyIds })
        if (done && !editing) {
          setName('')
          setUrl('')
          setSurveyIds([])
        }
      }}
    >
      <h2 id="webhook-form-title" tabIndex={-1} ref={heading}>
        {editing ? `Edit ${nameOf(editing)}` : 'New webhook'}
      </h2>
      <div class="cv-row">
        <label>
          Name (optional)
          <input value={name} maxLength={255} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <label>
          URL
          <input
            type="url"
            required
            size={40}
            placeholder="https://example.com/hooks/canvass"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </label>
      </div>
      <fieldset>
        <legend>Send these events</legend>
        {EVENTS.map((item) => (
          <label key={item.id} class="cv-check">
            <input
              type="checkbox"
              checked={triggers.includes(item.id)}
              onChange={(event) => setTriggers(toggle(triggers, item.id, event.currentTarget.checked))}
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>For these surveys (none ticked: all surveys)</legend>
        {props.surveys.length === 0 && <p class="cv-muted">No surveys yet: the webhook will get every survey's responses.</p>}
        {props.surveys.map((survey) => (
          <label key={survey.id} class="cv-check">
            <input
              type="checkbox"
              checked={surveyIds.includes(survey.id)}
              onChange={(event) => setSurveyIds(toggle(surveyIds, survey.id, event.currentTarget.checked))}
            />
            {survey.name}
          </label>
        ))}
      </fieldset>
      <ErrorText error={error} />
      <div class="cv-row">
        <button type="submit" class="cv-primary" disabled={props.busy}>
          {editing ? 'Save webhook' : 'Create webhook'}
        </button>
        {editing && (
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

const PAGE = 20

function Deliveries({ webhook, onClose }: { webhook: Webhook; onClose(): void }) {
  const { api } = useConsole()
  const [status, setStatus] = useState('')
  const [cursors, setCursors] = useState<string[]>([])
  const cursor = cursors[cursors.length - 1]
  const path = `/api/v1/webhooks/${encodeURIComponent(webhook.id)}/deliveries`
  const page = useLoad((signal) => readPage<Delivery>(api, path, { limit: PAGE, status, cursor }, signal), [status, cursor])
  const [busy, run] = useAction()
  // Opening the log moves the focus to it, so a keyboard user lands where the deliveries are.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section class="cv-card" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" tabIndex={-1} ref={heading}>
        Deliveries of {nameOf(webhook)}
      </h2>
      <div class="cv-row">
        <label>
          Status
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value)
              setCursors([])
            }}
          >
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="delivered">Delivered</option>
            <option value="failed">Failed</option>
          </select>
        </label>
        <button type="button" onClick={page.reload}>
          Refresh
        </button>
        <button type="button" onClick={onClose}>
          Close deliveries
        </button>
      </div>
      <ErrorText error={page.error} />
      {page.loading && !page.data && <p>Loading deliveries…</p>}
      {page.data?.data.length === 0 && (
        <p>No deliveries {status ? `with the status ${status} ` : ''}yet. A response to a matching survey makes one.</p>
      )}
      {!!page.data?.data.length && (
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" class="cv-num">
                Attempts
              </th>
              <th scope="col">Last attempt</th>
              <th scope="col">Created</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {page.data.data.map((delivery) => {
              const last = delivery.attempts[delivery.attempts.length - 1]
              return (
                <tr key={delivery.id}>
                  <td>{eventLabel(delivery.event)}</td>
                  <td>
                    <span class="cv-badge">{delivery.status}</span>
                  </td>
                  <td class="cv-num">{delivery.attemptCount}</td>
                  <td>
                    {last
                      ? `${when(last.at)}: ${last.status !== null ? `answered ${last.status}` : `no answer (${last.errorClass ?? 'error'})`}, ${last.durationMs} ms`
                      : 'Not tried yet'}
                  </td>
                  <td>{when(delivery.createdAt)}</td>
                  <td>{when(delivery.nextAttemptAt)}</td>
                  <td>
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={`Redeliver the ${eventLabel(delivery.event).toLowerCase()} delivery of ${when(delivery.createdAt)}`}
                      onClick={() =>
                        run(async () => {
                          await api.data(`${path}/${encodeURIComponent(delivery.id)}/redeliver`, { method: 'POST' })
                          page.reload()
                        }, 'Delivery queued again')
                      }
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <div class="cv-row">
        <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer deliveries
        </button>
        <button type="button" disabled={!page.data?.next} onClick={() => page.data?.next && setCursors([...cursors, page.data.next])}>
          Older deliveries
        </button>
      </div>
    </section>
  )
}
