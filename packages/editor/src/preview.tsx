import { useEffect, useRef, useState } from 'preact/hooks'
import type { EditorApi } from './api'
import type { Json } from './doc'
import { languagesOf } from './doc'
import type { EditorTexts } from './i18n'

/** The widget renderer's global, as `surveys.umd.cjs` sets it (packages/widget). */
interface Renderer {
  renderSurvey(options: Record<string, unknown>): { close(): void } | undefined
}

let rendererLoading: Promise<Renderer> | undefined

/** Loads the renderer once per page, from the Canvass the editor talks to. */
function loadRenderer(api: string): Promise<Renderer> {
  const existing = (globalThis as { formbricksSurveys?: Renderer }).formbricksSurveys
  if (existing) return Promise.resolve(existing)
  rendererLoading ??= new Promise<Renderer>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = `${api}/js/surveys.umd.cjs`
    script.async = true
    script.onload = () => {
      const renderer = (globalThis as { formbricksSurveys?: Renderer }).formbricksSurveys
      if (renderer) resolve(renderer)
      else reject(new Error('The renderer did not load'))
    }
    script.onerror = () => {
      rendererLoading = undefined
      reject(new Error('The renderer did not load'))
    }
    document.head.append(script)
  })
  return rendererLoading
}

const RERENDER_DELAY_MS = 800

/**
 * The survey as respondents see it, in the real renderer (the widget's), in preview mode: nothing is stored.
 * It follows the logic as it is answered; phone (375 px) or desktop width; any language of the survey. Beside
 * the cards on a wide screen, below them otherwise (styles.ts); opened, its heading takes the focus.
 */
export function Preview({
  doc,
  api,
  client,
  texts,
  nonce,
}: {
  doc: Json
  api: string
  client: EditorApi
  texts: EditorTexts
  nonce?: string
}) {
  const container = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const handle = useRef<{ close(): void } | undefined>(undefined)
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone')
  const [language, setLanguage] = useState('default')
  const [error, setError] = useState('')
  const [restarts, setRestarts] = useState(0)
  const languages = languagesOf(doc)

  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const [preview, renderer] = await Promise.all([client.preview(doc, controller.signal), loadRenderer(api)])
        if (controller.signal.aborted || !container.current) return
        handle.current?.close()
        handle.current =
          renderer.renderSurvey({
            appUrl: api,
            environmentId: preview.environmentId,
            survey: preview.survey,
            project: preview.project,
            mode: 'page',
            container: container.current,
            languageCode: language,
            preview: true,
            nonce,
          }) ?? undefined
        setError('')
      } catch (failure) {
        if ((failure as Error)?.name !== 'AbortError') setError(`${texts.previewFailed}: ${(failure as Error).message}`)
      }
    }, RERENDER_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [doc, language, restarts, api])
  useEffect(() => () => handle.current?.close(), [])
  // Opened, the preview takes the focus: its heading, from which its controls are the next Tab stops.
  useEffect(() => heading.current?.focus(), [])

  return (
    <section class={`cse-preview${width === 'desktop' ? ' cse-preview-wide' : ''}`} aria-labelledby="cse-preview-title">
      <h2 id="cse-preview-title" ref={heading} tabIndex={-1}>
        {texts.previewTitle}
      </h2>
      <div class="cse-row-buttons">
        <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
          {texts.previewPhone}
        </button>
        <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
          {texts.previewDesktop}
        </button>
        <label for="cse-preview-language">{texts.previewLanguage}</label>
        <select
          id="cse-preview-language"
          value={language}
          onChange={(event) => setLanguage((event.currentTarget as HTMLSelectElement).value)}
        >
          {languages.map((entry) => (
            <option key={entry.code} value={entry.default ? 'default' : entry.code}>
              {entry.code}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => setRestarts((count) => count + 1)}>
          {texts.restartPreview}
        </button>
      </div>
      {error && (
        <p class="cse-error" role="alert">
          {error}
        </p>
      )}
      <div class={`cse-preview-frame cse-preview-${width}`} ref={container} />
    </section>
  )
}
