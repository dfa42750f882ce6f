/**
 * A response's tags in its detail: each with a button that takes it off, and a field that puts one on, picked
 * among the workspace's tags or made there and then by typing a new name (docs/console.md, "Responses").
 */
import type { AnswerData } from '@canvass/api-client'
import { useRef, useState } from 'preact/hooks'
import { useConsole } from '../context'
import type { V1Response } from '../survey-data'
import { tagName } from '../survey-data'
import { ErrorText, useAction, useLoad } from '../ui'

type WorkspaceTag = AnswerData<'/api/v3/tags'>[number]

export function ResponseTags({ response, canChange, reload }: { response: V1Response; canChange: boolean; reload(): void }) {
  const { api, boot } = useConsole()
  const carried = (response.tags ?? []).map((tag) => (typeof tag === 'string' ? { id: tag, name: tag } : tag))
  const all = useLoad(
    (signal) =>
      canChange
        ? api.data<WorkspaceTag[]>('/api/v3/tags', { signal, query: { workspaceId: boot.project.id } })
        : Promise.resolve([] as WorkspaceTag[]),
    [canChange],
  )
  const [busy, run] = useAction()
  const [name, setName] = useState('')
  const field = useRef<HTMLInputElement>(null)
  const path = `/api/v1/management/responses/${encodeURIComponent(response.id)}/tags`

  const add = (wanted: string) =>
    run(async () => {
      const existing = (all.data ?? []).find((tag) => tag.name === wanted)
      const tagId =
        existing?.id ??
        (
          await api.data<{ id: string }>('/api/v3/tags', {
            method: 'POST',
            body: { workspaceId: boot.project.id, name: wanted },
          })
        ).id
      await api.call(path, { method: 'POST', body: { tagId } })
      setName('')
      if (!existing) all.reload()
      reload()
      field.current?.focus()
    }, `Tag “${wanted}” added`)

  const remove = (tag: { id: string; name: string }) =>
    run(async () => {
      await api.call(`${path}/${encodeURIComponent(tag.id)}`, { method: 'DELETE' })
      reload()
      // The button that was pressed is gone: the focus goes to the field that adds one.
      field.current?.focus()
    }, `Tag “${tag.name}” removed`)

  const offered = (all.data ?? []).filter((tag) => !carried.some((mine) => mine.id === tag.id))
  return (
    <section aria-labelledby="cv-tags-title">
      <h3 id="cv-tags-title">Tags</h3>
      {carried.length === 0 ? (
        <p class="cv-muted">No tags.</p>
      ) : (
        <ul class="cv-actions" aria-label="Tags of this response">
          {carried.map((tag) => (
            <li key={tag.id}>
              {tagName(tag)}{' '}
              {canChange && (
                <button type="button" disabled={busy} aria-label={`Remove tag ${tag.name}`} onClick={() => void remove(tag)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canChange && (
        <form
          aria-label="Add a tag"
          onSubmit={(event) => {
            event.preventDefault()
            const wanted = name.trim()
            if (wanted) void add(wanted)
          }}
        >
          <div class="cv-row">
            <label>
              Tag (pick one or type a new name)
              <input
                ref={field}
                list="cv-tag-names"
                maxLength={255}
                value={name}
                onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
              />
            </label>
            <datalist id="cv-tag-names">
              {offered.map((tag) => (
                <option key={tag.id} value={tag.name} />
              ))}
            </datalist>
            <button type="submit" disabled={busy || name.trim() === ''}>
              Add tag
            </button>
          </div>
        </form>
      )}
      <ErrorText error={all.error} />
    </section>
  )
}
