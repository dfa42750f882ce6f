/**
 * API keys (owners): the project's keys by their start, label and use; create one (the key is shown once, since
 * the server keeps only its hash) and revoke one.
 */
import type { AnswerData } from '@canvass/api-client'
import { useState } from 'preact/hooks'
import { useConsole } from '../context'
import { ConfirmDialog, CopyButton, ErrorText, useAction, useLoad, when } from '../ui'

/** A key as the list shows it (never its secret). */
type ApiKey = AnswerData<'/api/v1/management/api-keys'>[number]

export function ApiKeysScreen() {
  const { api, environmentId } = useConsole()
  const keys = useLoad((signal) => api.data<ApiKey[]>('/api/v1/management/api-keys', { signal }), [environmentId])
  const [label, setLabel] = useState('')
  const [created, setCreated] = useState<{ label: string; key: string } | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const [busy, run] = useAction()
  return (
    <section aria-labelledby="api-keys-title">
      <h1 id="api-keys-title">API keys</h1>
      <p class="cv-muted">An API key lets a program use the management API of this project. Keep keys secret.</p>
      <form
        class="cv-card"
        aria-labelledby="api-key-form-title"
        onSubmit={(event) => {
          event.preventDefault()
          const text = label.trim()
          void run(async () => {
            const answer = await api.data<AnswerData<'/api/v1/management/api-keys', 'post'>>('/api/v1/management/api-keys', {
              method: 'POST',
              body: { label: text },
            })
            setCreated({ label: answer.label ?? text, key: answer.key })
            setLabel('')
            keys.reload()
          }, 'API key created')
        }}
      >
        <h2 id="api-key-form-title">New API key</h2>
        <div class="cv-row">
          <label>
            Label
            <input
              required
              maxLength={255}
              value={label}
              placeholder="e.g. CRM sync"
              onInput={(event) => setLabel(event.currentTarget.value)}
            />
          </label>
          <button type="submit" class="cv-primary" disabled={busy}>
            Create key
          </button>
        </div>
      </form>
      {created && <NewKeyCard created={created} onDone={() => setCreated(null)} />}
      <h2>Keys</h2>
      <ErrorText error={keys.error} />
      {keys.loading && !keys.data && <p>Loading keys…</p>}
      {keys.data?.length === 0 && <p>No API keys yet. Create one above for a program that uses the API.</p>}
      {!!keys.data?.length && (
        <table>
          <thead>
            <tr>
              <th scope="col">Starts with</th>
              <th scope="col">Label</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr key={key.id}>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.label}</td>
                <td>{when(key.createdAt)}</td>
                <td>{key.lastUsedAt ? when(key.lastUsedAt) : 'Never'}</td>
                <td>{key.revokedAt ? `Revoked ${when(key.revokedAt)}` : 'Active'}</td>
                <td>
                  {!key.revokedAt && (
                    <button type="button" class="cv-danger" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.label}`}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key ${revoking?.label ?? ''}?`}
        confirm="Revoke key"
        danger
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const key = revoking
          setRevoking(null)
          if (!key) return
          void run(async () => {
            await api.call(`/api/v1/management/api-keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' })
            keys.reload()
          }, 'API key revoked')
        }}
      >
        <p>
          Programs using the key starting with <code>{revoking?.prefix}</code> are refused from now on. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  )
}

/** A new key, shown this once: the server keeps only its hash. */
function NewKeyCard({ created, onDone }: { created: { label: string; key: string }; onDone(): void }) {
  return (
    <div class="cv-card" role="region" aria-label="New API key">
      <h2>The key {created.label}</h2>
      <p>
        This is the <strong>only time</strong> the key is shown: Canvass keeps only a hash of it. Copy it now and store it safely; if it is
        lost, create a new key and revoke this one.
      </p>
      <p class="cv-code" data-testid="api-key">
        {created.key}
      </p>
      <div class="cv-row">
        <CopyButton text={created.key} label="Copy key" />
        <button type="button" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  )
}
