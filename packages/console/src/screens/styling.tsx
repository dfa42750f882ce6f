/**
 * The workspace's theme (editors and owners; viewers see it read-only): colours, roundness, background, logo, a
 * dark look and how cards are stacked, previewed live in the real renderer, and saved through
 * `PUT /api/v1/management/styling`. Every survey shows it unless its own styling replaces it (the editor's Styling
 * panel). The workspace's custom CSS has its own route, under "Advanced" below.
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { atLeast } from '../boot'
import type { Boot } from '../boot'
import { useConsole } from '../context'
import { loadRenderer } from '../renderer'
import { ErrorText, useAction, useLoad } from '../ui'

type Json = Record<string, unknown>

interface Stored {
  styling: Json | null
  logo: Json | null
}

/** The colours a person sets, in the order the form lists them, with plain names. */
const COLORS = [
  { key: 'brandColor', label: 'Brand colour (buttons, selections)', fallback: '#334155' },
  { key: 'questionColor', label: 'Question text', fallback: '#0f172a' },
  { key: 'inputColor', label: 'Answer fields', fallback: '#f8fafc' },
  { key: 'inputBorderColor', label: 'Answer field borders', fallback: '#94a3b8' },
  { key: 'cardBackgroundColor', label: 'Card background', fallback: '#ffffff' },
  { key: 'cardBorderColor', label: 'Card border', fallback: '#e2e8f0' },
  { key: 'cardShadowColor', label: 'Card shadow', fallback: '#0f172a' },
] as const

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

/** What the form holds: flat, as people edit it. */
interface Form {
  colors: Record<string, string>
  darkColors: Record<string, string>
  roundness: number
  dark: boolean
  backgroundType: 'none' | 'color' | 'image'
  backgroundColor: string
  backgroundImage: string
  brightness: number
  linkArrangement: string
  appArrangement: string
  logoUrl: string
  logoBg: string
  allowOverwrite: boolean
}

const colorOf = (styling: Json, key: string, side: 'light' | 'dark'): string => {
  const value = styling[key] as Json | null | undefined
  return typeof value?.[side] === 'string' ? (value[side] as string) : ''
}

function formOf(stored: Stored): Form {
  const styling = stored.styling ?? {}
  const background = (styling.background ?? null) as Json | null
  const arrangement = (styling.cardArrangement ?? {}) as Json
  return {
    colors: Object.fromEntries(COLORS.map((color) => [color.key, colorOf(styling, color.key, 'light')])),
    darkColors: Object.fromEntries(COLORS.map((color) => [color.key, colorOf(styling, color.key, 'dark')])),
    roundness: typeof styling.roundness === 'number' ? styling.roundness : 8,
    dark: styling.isDarkModeEnabled === true,
    backgroundType:
      background?.bgType === 'color' ? 'color' : background?.bgType === 'image' || background?.bgType === 'upload' ? 'image' : 'none',
    backgroundColor: background?.bgType === 'color' ? String(background.bg) : '#f1f5f9',
    backgroundImage: background && background.bgType !== 'color' ? String(background.bg ?? '') : '',
    brightness: typeof background?.brightness === 'number' ? background.brightness : 100,
    linkArrangement: String(arrangement.linkSurveys ?? 'straight'),
    appArrangement: String(arrangement.appSurveys ?? 'straight'),
    logoUrl: typeof stored.logo?.url === 'string' ? stored.logo.url : '',
    logoBg: typeof stored.logo?.bgColor === 'string' ? stored.logo.bgColor : '',
    allowOverwrite: styling.allowStyleOverwrite !== false,
  }
}

/** The problems of the form, by field id, in plain words. */
function problemsOf(form: Form): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const color of COLORS) {
    const value = form.colors[color.key] ?? ''
    if (value !== '' && !HEX.test(value)) problems[`cv-style-${color.key}`] = 'Write the colour as # and 6 hex digits, like #1e293b'
    const dark = form.darkColors[color.key] ?? ''
    if (form.dark && dark !== '' && !HEX.test(dark))
      problems[`cv-style-${color.key}-dark`] = 'Write the colour as # and 6 hex digits, like #1e293b'
  }
  if (form.backgroundType === 'color' && !HEX.test(form.backgroundColor))
    problems['cv-style-bg-color'] = 'Write the colour as # and 6 hex digits'
  if (form.backgroundType === 'image' && !imageAllowed(form.backgroundImage))
    problems['cv-style-bg-image'] = 'Give an https address, or the address of a file uploaded to this Canvass'
  if (form.logoUrl !== '' && !imageAllowed(form.logoUrl))
    problems['cv-style-logo'] = 'Give an https address, or the address of a file uploaded to this Canvass'
  if (form.logoBg !== '' && !HEX.test(form.logoBg)) problems['cv-style-logo-bg'] = 'Write the colour as # and 6 hex digits'
  return problems
}

const imageAllowed = (url: string) => /^https:\/\/[^\s/]+/.test(url) || /^\/storage\/[^\s]+$/.test(url)

/** The body of `PUT /api/v1/management/styling` for `form`; fields left empty are left out. */
export function stylingBody(form: Form): Stored {
  const styling: Json = {}
  for (const color of COLORS) {
    const light = form.colors[color.key] ?? ''
    const dark = form.darkColors[color.key] ?? ''
    if (light !== '') styling[color.key] = form.dark && dark !== '' ? { light, dark } : { light }
  }
  styling.roundness = form.roundness
  styling.isDarkModeEnabled = form.dark
  styling.allowStyleOverwrite = form.allowOverwrite
  styling.cardArrangement = { linkSurveys: form.linkArrangement, appSurveys: form.appArrangement }
  if (form.backgroundType === 'color') styling.background = { bgType: 'color', bg: form.backgroundColor }
  if (form.backgroundType === 'image') styling.background = { bgType: 'image', bg: form.backgroundImage, brightness: form.brightness }
  const logo = form.logoUrl === '' ? null : { url: form.logoUrl, ...(form.logoBg ? { bgColor: form.logoBg } : {}) }
  return { styling, logo }
}

export function StylingScreen() {
  const { api, boot, environmentId } = useConsole()
  const canEdit = atLeast(boot.role, 'editor')
  const loaded = useLoad((signal) => api.data<Stored>('/api/v1/management/styling', { signal }), [environmentId])
  const [form, setForm] = useState<Form | null>(null)
  const [showProblems, setShowProblems] = useState(false)
  const [busy, run] = useAction()
  useEffect(() => {
    if (loaded.data) setForm(formOf(loaded.data))
  }, [loaded.data])

  if (!form) {
    return (
      <section aria-labelledby="styling-title">
        <h1 id="styling-title">Styling</h1>
        <ErrorText error={loaded.error} />
        {loaded.loading && <p>Loading the theme…</p>}
      </section>
    )
  }
  const problems = problemsOf(form)
  const set = (change: Partial<Form>) => setForm({ ...form, ...change })
  const problemOf = (id: string) =>
    showProblems && problems[id] ? (
      <span class="cv-error" id={`${id}-problem`}>
        {problems[id]}
      </span>
    ) : null
  const described = (id: string) => (showProblems && problems[id] ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {})
  const save = (event: Event) => {
    event.preventDefault()
    const first = Object.keys(problems)[0]
    if (first) {
      setShowProblems(true)
      requestAnimationFrame(() => document.getElementById(first)?.focus())
      return
    }
    void run(async () => {
      await api.data('/api/v1/management/styling', { method: 'PUT', body: stylingBody(form) })
    }, 'Theme saved')
  }

  return (
    <section aria-labelledby="styling-title">
      <h1 id="styling-title">Styling</h1>
      <p class="cv-muted">
        The look of every survey of this workspace, in apps and on survey links. A survey can set its own look in its editor, under Styling.
      </p>
      <div class="cv-styling">
        <form class="cv-styling-form" onSubmit={save} aria-label="Theme" noValidate>
          <fieldset disabled={!canEdit}>
            <legend>Colours</legend>
            {COLORS.map((color) => (
              <ColorField
                key={color.key}
                id={`cv-style-${color.key}`}
                label={color.label}
                value={form.colors[color.key] ?? ''}
                fallback={color.fallback}
                problem={problemOf(`cv-style-${color.key}`)}
                described={described(`cv-style-${color.key}`)}
                onChange={(value) => set({ colors: { ...form.colors, [color.key]: value } })}
              />
            ))}
            <label class="cv-check">
              <input type="checkbox" checked={form.dark} onChange={(event) => set({ dark: event.currentTarget.checked })} />
              Offer a dark look to people whose device asks for one
            </label>
            {form.dark &&
              COLORS.map((color) => (
                <ColorField
                  key={`${color.key}-dark`}
                  id={`cv-style-${color.key}-dark`}
                  label={`${color.label}, dark look`}
                  value={form.darkColors[color.key] ?? ''}
                  fallback={color.fallback}
                  problem={problemOf(`cv-style-${color.key}-dark`)}
                  described={described(`cv-style-${color.key}-dark`)}
                  onChange={(value) => set({ darkColors: { ...form.darkColors, [color.key]: value } })}
                />
              ))}
          </fieldset>
          <fieldset disabled={!canEdit}>
            <legend>Cards</legend>
            <label>
              Roundness of corners: {form.roundness} px
              <input
                id="cv-style-roundness"
                type="range"
                min={0}
                max={32}
                value={form.roundness}
                onInput={(event) => set({ roundness: Number(event.currentTarget.value) })}
              />
            </label>
            <label for="cv-style-link-cards">Cards on survey links</label>
            <Arrangement id="cv-style-link-cards" value={form.linkArrangement} onChange={(value) => set({ linkArrangement: value })} />
            <label for="cv-style-app-cards">Cards in apps</label>
            <Arrangement id="cv-style-app-cards" value={form.appArrangement} onChange={(value) => set({ appArrangement: value })} />
          </fieldset>
          <fieldset disabled={!canEdit}>
            <legend>Background of survey links</legend>
            <label>
              Background
              <select
                id="cv-style-bg-type"
                value={form.backgroundType}
                onChange={(event) => set({ backgroundType: event.currentTarget.value as Form['backgroundType'] })}
              >
                <option value="none">Plain</option>
                <option value="color">A colour</option>
                <option value="image">An image</option>
              </select>
            </label>
            {form.backgroundType === 'color' && (
              <ColorField
                id="cv-style-bg-color"
                label="Background colour"
                value={form.backgroundColor}
                fallback="#f1f5f9"
                problem={problemOf('cv-style-bg-color')}
                described={described('cv-style-bg-color')}
                onChange={(value) => set({ backgroundColor: value })}
              />
            )}
            {form.backgroundType === 'image' && (
              <>
                <label>
                  Image address (https)
                  <input
                    id="cv-style-bg-image"
                    type="url"
                    value={form.backgroundImage}
                    {...described('cv-style-bg-image')}
                    onInput={(event) => set({ backgroundImage: event.currentTarget.value.trim() })}
                  />
                  {problemOf('cv-style-bg-image')}
                </label>
                <label>
                  Brightness: {form.brightness}%
                  <input
                    type="range"
                    min={0}
                    max={200}
                    step={5}
                    value={form.brightness}
                    onInput={(event) => set({ brightness: Number(event.currentTarget.value) })}
                  />
                </label>
              </>
            )}
          </fieldset>
          <fieldset disabled={!canEdit}>
            <legend>Logo</legend>
            <label>
              Logo address (https), shown on survey links
              <input
                id="cv-style-logo"
                type="url"
                value={form.logoUrl}
                {...described('cv-style-logo')}
                onInput={(event) => set({ logoUrl: event.currentTarget.value.trim() })}
              />
              {problemOf('cv-style-logo')}
            </label>
            {form.logoUrl !== '' && (
              <ColorField
                id="cv-style-logo-bg"
                label="Colour behind the logo"
                value={form.logoBg}
                fallback="#ffffff"
                problem={problemOf('cv-style-logo-bg')}
                described={described('cv-style-logo-bg')}
                onChange={(value) => set({ logoBg: value })}
              />
            )}
          </fieldset>
          <fieldset disabled={!canEdit}>
            <legend>Surveys</legend>
            <label class="cv-check">
              <input
                type="checkbox"
                checked={form.allowOverwrite}
                onChange={(event) => set({ allowOverwrite: event.currentTarget.checked })}
              />
              Let a survey set its own look
            </label>
          </fieldset>
          {canEdit ? (
            <div class="cv-row">
              <button type="submit" class="cv-primary" disabled={busy}>
                Save theme
              </button>
              <button type="button" disabled={busy} onClick={() => loaded.data && setForm(formOf(loaded.data))}>
                Undo changes
              </button>
            </div>
          ) : (
            <p class="cv-muted">Your role (viewer) may look at the theme but not change it.</p>
          )}
          <details class="cv-card">
            <summary>Advanced: custom CSS</summary>
            <p class="cv-muted">
              CSS that styles every survey of the workspace, beyond the theme, is kept by{' '}
              <code>PATCH /api/v3/workspaces/{boot.project.id}/custom-css</code> (see the API reference). A survey's own CSS is in its
              editor, under Styling.
            </p>
          </details>
        </form>
        <ThemePreview boot={boot} stored={stylingBody(form)} environmentId={environmentId} />
      </div>
    </section>
  )
}

function ColorField(props: {
  id: string
  label: string
  value: string
  fallback: string
  problem: preact.ComponentChildren
  described: Record<string, unknown>
  onChange(value: string): void
}) {
  return (
    <div class="cv-color">
      <label for={props.id}>{props.label}</label>
      <div class="cv-field">
        <input
          type="color"
          aria-label={`${props.label}: pick`}
          tabIndex={-1}
          value={HEX.test(props.value) && props.value.length === 7 ? props.value : props.fallback}
          onInput={(event) => props.onChange(event.currentTarget.value)}
        />
        <input
          id={props.id}
          class="cv-hex"
          value={props.value}
          placeholder={`Default (${props.fallback})`}
          spellcheck={false}
          {...props.described}
          onInput={(event) => props.onChange(event.currentTarget.value.trim())}
        />
      </div>
      {props.problem}
    </div>
  )
}

function Arrangement({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <option value="straight">Stacked straight</option>
      <option value="casual">Stacked casually</option>
      <option value="simple">One card</option>
    </select>
  )
}

/** A sample survey, drawn with the theme as it stands in the form: nothing is sent. */
const SAMPLE = {
  id: 'theme-preview',
  name: 'Theme preview',
  type: 'link',
  status: 'inProgress',
  questions: [],
  blocks: [
    {
      id: 'preview-block',
      elements: [
        {
          id: 'preview-rating',
          type: 'rating',
          headline: { default: 'How likely are you to recommend us?' },
          scale: 'number',
          range: 5,
          required: false,
        },
        {
          id: 'preview-text',
          type: 'openText',
          headline: { default: 'What should we do better?' },
          inputType: 'text',
          required: false,
        },
      ],
    },
  ],
  endings: [],
  welcomeCard: { enabled: false },
  hiddenFields: { enabled: false },
  variables: [],
  languages: [],
  styling: null,
}

function ThemePreview({ boot, stored, environmentId }: { boot: Boot; stored: Stored; environmentId: string }) {
  const holder = useRef<HTMLDivElement>(null)
  const handle = useRef<{ close(): void } | undefined>(undefined)
  const [error, setError] = useState('')
  const key = JSON.stringify(stored)
  useEffect(() => {
    let gone = false
    loadRenderer(boot).then(
      (renderer) => {
        if (gone || !holder.current) return
        handle.current?.close()
        handle.current =
          renderer.renderSurvey({
            appUrl: `${location.origin}${boot.basePath}`,
            environmentId,
            survey: SAMPLE,
            project: {
              id: boot.project.id,
              recontactDays: 7,
              clickOutsideClose: true,
              darkOverlay: false,
              placement: 'bottomRight',
              inAppSurveyBranding: false,
              styling: stored.styling ?? {},
              ...(stored.logo ? { logo: stored.logo } : {}),
            },
            mode: 'page',
            container: holder.current,
            preview: true,
            nonce: boot.nonce,
          }) ?? undefined
        setError('')
      },
      (failure: Error) => !gone && setError(failure.message),
    )
    return () => {
      gone = true
    }
  }, [key])
  useEffect(() => () => handle.current?.close(), [])
  return (
    <section class="cv-styling-preview" aria-labelledby="cv-styling-preview-title">
      <h2 id="cv-styling-preview-title">Preview</h2>
      <ErrorText error={error || null} />
      <div class="cv-styling-frame" ref={holder} data-testid="theme-preview" />
    </section>
  )
}
