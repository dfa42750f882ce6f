/**
 * New survey: where it is answered (a link survey or an app survey), then a blank start or a template picked by
 * what it is for. Each template can be previewed first, in the survey renderer respondents get (nothing answered
 * there is stored); "Use template" creates the survey and opens it in the editor.
 */
import type { AnswerData } from '@canvass/api-client'
import { TEMPLATE_CATEGORIES, templateDocument } from '@canvass/core/survey-templates'
import type { TemplateCategory } from '@canvass/core/survey-templates'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useConsole } from './context'
import { loadRenderer } from './renderer'
import { hashOf } from './route'
import { focusEditorWhenOpen } from './screens/edit'
import { BLANK, TEMPLATE_GROUPS } from './templates'
import type { Template } from './templates'
import { useAction } from './ui'

type SurveyType = 'link' | 'app'

export function NewSurvey() {
  const { api, navigate } = useConsole()
  const [type, setType] = useState<SurveyType>('link')
  const [category, setCategory] = useState<TemplateCategory>(TEMPLATE_CATEGORIES[0])
  const [name, setName] = useState('')
  const [previewing, setPreviewing] = useState<Template | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [busy, run] = useAction()
  const use = (template: Template) =>
    run(async () => {
      const created = await api.data<AnswerData<'/api/v1/management/surveys', 'post'>>('/api/v1/management/surveys', {
        method: 'POST',
        body: { ...template.body, type, name: name.trim() || template.body.name },
      })
      focusEditorWhenOpen(created.id)
      navigate(hashOf(['surveys', created.id, 'edit']))
    }, 'Survey created: it opens in the editor')
  const group = TEMPLATE_GROUPS.find((entry) => entry.category === category)
  return (
    <section class="cv-card cv-new-survey" aria-labelledby="new-survey-title">
      <h2 id="new-survey-title">New survey</h2>
      <fieldset>
        <legend>Where people answer it</legend>
        {(
          [
            ['link', 'Link survey', 'a page of its own, shared as a link or by email'],
            ['app', 'App survey', 'shown inside your website or app, to the people and at the moments you pick'],
          ] as const
        ).map(([value, label, hint]) => (
          <label class="cv-check" key={value}>
            <input type="radio" name="cv-new-type" value={value} checked={type === value} onChange={() => setType(value)} />
            <span>
              {label}
              <span class="cv-muted"> – {hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div class="cv-row">
        <label>
          Name (optional)
          <input
            value={name}
            placeholder="The template's name"
            onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <button type="button" disabled={busy} onClick={() => void use(BLANK)}>
          Start blank
        </button>
      </div>
      <div class="cv-row">
        <label>
          Templates for
          <select value={category} onChange={(event) => setCategory((event.currentTarget as HTMLSelectElement).value as TemplateCategory)}>
            {TEMPLATE_CATEGORIES.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul class="cv-templates" aria-label={`Templates for ${category}`}>
        {group?.templates.map((template) => (
          <li key={template.id} class="cv-template">
            <h3>{template.label}</h3>
            <p class="cv-muted">{template.description}</p>
            <div class="cv-actions">
              <button
                type="button"
                aria-label={`Preview ${template.label}`}
                onClick={(event) => {
                  opener.current = event.currentTarget
                  setPreviewing(template)
                }}
              >
                Preview
              </button>
              <button
                type="button"
                class="cv-primary"
                disabled={busy}
                aria-label={`Use template ${template.label}`}
                onClick={() => void use(template)}
              >
                Use template
              </button>
            </div>
          </li>
        ))}
      </ul>
      <TemplatePreview
        template={previewing}
        type={type}
        busy={busy}
        onUse={(template) => void use(template)}
        onClose={() => setPreviewing(null)}
        onClosed={() => opener.current?.focus()}
      />
    </section>
  )
}

/**
 * A template as respondents would see it, in a modal dialog: the focus goes to the preview when it opens, and
 * back to the template's Preview button when it closes (Close, or Escape).
 */
function TemplatePreview(props: {
  template: Template | null
  type: SurveyType
  busy: boolean
  onUse(template: Template): void
  onClose(): void
  /** After the dialog has closed (the page behind it is no longer inert). */
  onClosed(): void
}) {
  const { api, boot } = useConsole()
  const dialog = useRef<HTMLDialogElement>(null)
  const region = useRef<HTMLDivElement>(null)
  const holder = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')
  const { template, type } = props
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (!template) {
      if (element.open) {
        element.close()
        props.onClosed()
      }
      return
    }
    if (!element.open) element.showModal()
    region.current?.focus()
    setState('loading')
    const controller = new AbortController()
    let shown: { close(): void } | undefined
    Promise.all([
      api.data<{ environmentId: string; survey: unknown; project: unknown }>('/api/v3/surveys/preview', {
        method: 'POST',
        body: templateDocument(template.body, type),
        signal: controller.signal,
      }),
      loadRenderer(boot),
    ]).then(
      ([preview, renderer]) => {
        if (controller.signal.aborted || !holder.current) return
        shown =
          renderer.renderSurvey({
            appUrl: `${location.origin}${boot.basePath}`,
            environmentId: preview.environmentId,
            survey: preview.survey,
            project: preview.project,
            mode: 'page',
            container: holder.current,
            languageCode: 'default',
            preview: true,
            nonce: boot.nonce,
          }) ?? undefined
        setState('ready')
      },
      (error: Error) => !controller.signal.aborted && setState(error.message),
    )
    return () => {
      controller.abort()
      shown?.close()
      holder.current?.replaceChildren()
    }
  }, [template, type])
  return (
    <dialog
      ref={dialog}
      class="cv-template-preview"
      aria-labelledby="cv-preview-title"
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      {template && (
        <>
          <h2 id="cv-preview-title">Preview: {template.label}</h2>
          <p class="cv-muted">As {type === 'app' ? 'an app survey' : 'a link survey'} would show it. Nothing answered here is stored.</p>
          <div class="cv-preview-frame" role="region" aria-label={`Preview of ${template.label}`} tabIndex={-1} ref={region}>
            {state === 'loading' && <p role="status">Loading the preview…</p>}
            {state !== 'loading' && state !== 'ready' && (
              <p class="cv-error" role="alert">
                {state}
              </p>
            )}
            <div ref={holder} />
          </div>
          <div class="cv-row">
            <button type="button" class="cv-primary" disabled={props.busy} onClick={() => props.onUse(template)}>
              Use template
            </button>
            <button type="button" onClick={props.onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}
