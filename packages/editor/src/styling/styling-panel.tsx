/**
 * The survey's own look (docs/editor.md, "Styling"): off, the survey shows the workspace's theme (set in the
 * console's Styling screen); on, the colours, roundness and logo set here replace the workspace's for this
 * survey, stored as the reference stores them (`styling` with `overwriteThemeStyling`). The survey's custom CSS
 * sits under "Advanced". The preview shows every change.
 */
import { useState } from 'preact/hooks'
import type { Json, SurveyDocument } from '../doc'
import { isRecord } from '../doc'

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

const COLORS = [
  { key: 'brandColor', label: 'Brand colour (buttons, selections)', fallback: '#334155' },
  { key: 'questionColor', label: 'Question text', fallback: '#0f172a' },
  { key: 'inputColor', label: 'Answer fields', fallback: '#f8fafc' },
  { key: 'cardBackgroundColor', label: 'Card background', fallback: '#ffffff' },
  { key: 'cardBorderColor', label: 'Card border', fallback: '#e2e8f0' },
] as const

export interface StylingPanelProps {
  doc: SurveyDocument
  /** Replaces the document (the store's `update`). */
  onChange(change: (doc: SurveyDocument) => SurveyDocument): void
}

const stylingOf = (doc: SurveyDocument): Json => (isRecord(doc.styling) ? (doc.styling as Json) : {})

/** `doc` with `styling` changed by `change`; an empty styling is left out. */
function withStyling(doc: SurveyDocument, change: (styling: Json) => Json): SurveyDocument {
  const next = change({ ...stylingOf(doc) })
  const copy = { ...doc } as Json
  if (Object.keys(next).length === 0) delete copy.styling
  else copy.styling = next
  return copy as SurveyDocument
}

export function StylingPanel({ doc, onChange }: StylingPanelProps) {
  const styling = stylingOf(doc)
  const own = styling.overwriteThemeStyling === true
  // What is being typed into a colour field, kept while it is not yet a colour (the document keeps only colours).
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const setField = (key: string, value: unknown) =>
    onChange((current) =>
      withStyling(current, (next) => {
        if (value === undefined) delete next[key]
        else next[key] = value
        return next
      }),
    )
  const colorText = (key: string): string => {
    if (key in drafts) return drafts[key] as string
    const value = styling[key]
    return isRecord(value) && typeof value.light === 'string' ? value.light : ''
  }
  const typeColor = (key: string, text: string) => {
    setDrafts((all) => ({ ...all, [key]: text }))
    if (text === '') setField(key, undefined)
    else if (HEX.test(text)) setField(key, { light: text })
  }
  const css = isRecord(doc.customCss) && typeof doc.customCss.light === 'string' ? doc.customCss.light : ''
  const roundness = typeof styling.roundness === 'number' ? styling.roundness : 8

  return (
    <fieldset class="cse-section cse-styling" id="cse-styling">
      <legend>Styling</legend>
      <p class="cse-hint">Surveys show the workspace's theme, set in the console under Styling, unless they have a look of their own.</p>
      <label class="cse-check">
        <input
          type="checkbox"
          id="cse-styling-own"
          checked={own}
          onChange={(event) => setField('overwriteThemeStyling', (event.currentTarget as HTMLInputElement).checked ? true : undefined)}
        />
        Give this survey its own look
      </label>
      {own && (
        <div class="cse-styling-fields">
          {COLORS.map((color) => {
            const id = `cse-styling-${color.key}`
            const text = colorText(color.key)
            const wrong = text !== '' && !HEX.test(text)
            return (
              <div class="cse-field" key={color.key}>
                <label for={id}>{color.label}</label>
                <div class="cse-styling-color">
                  <input
                    type="color"
                    tabIndex={-1}
                    aria-label={`${color.label}: pick`}
                    value={HEX.test(text) && text.length === 7 ? text : color.fallback}
                    onInput={(event) => typeColor(color.key, (event.currentTarget as HTMLInputElement).value)}
                  />
                  <input
                    id={id}
                    value={text}
                    placeholder={`Workspace's (${color.fallback} if it has none)`}
                    spellcheck={false}
                    aria-invalid={wrong || undefined}
                    aria-describedby={wrong ? `${id}-problem` : undefined}
                    onInput={(event) => typeColor(color.key, (event.currentTarget as HTMLInputElement).value.trim())}
                  />
                </div>
                {wrong && (
                  <span class="cse-error" id={`${id}-problem`}>
                    Write the colour as # and 6 hex digits, like #1e293b
                  </span>
                )}
              </div>
            )
          })}
          <div class="cse-field">
            <label for="cse-styling-roundness">Roundness of corners: {roundness} px</label>
            <input
              id="cse-styling-roundness"
              type="range"
              min={0}
              max={32}
              value={roundness}
              onInput={(event) => setField('roundness', Number((event.currentTarget as HTMLInputElement).value))}
            />
          </div>
          <label class="cse-check">
            <input
              type="checkbox"
              checked={styling.isLogoHidden === true}
              onChange={(event) => setField('isLogoHidden', (event.currentTarget as HTMLInputElement).checked ? true : undefined)}
            />
            Hide the workspace's logo
          </label>
          <label class="cse-check">
            <input
              type="checkbox"
              checked={styling.hideProgressBar === true}
              onChange={(event) => setField('hideProgressBar', (event.currentTarget as HTMLInputElement).checked ? true : undefined)}
            />
            Hide the progress bar
          </label>
        </div>
      )}
      <details class="cse-advanced">
        <summary>Advanced: custom CSS</summary>
        <div class="cse-field">
          <label for="cse-styling-css">CSS for this survey (added after the workspace's)</label>
          <textarea
            id="cse-styling-css"
            rows={5}
            spellcheck={false}
            value={css}
            onInput={(event) => {
              const text = (event.currentTarget as HTMLTextAreaElement).value
              onChange((current) => {
                const copy = { ...current } as Json
                copy.customCss =
                  text === '' ? null : { light: text, dark: isRecord(current.customCss) ? (current.customCss.dark ?? null) : null }
                return copy as SurveyDocument
              })
            }}
          />
        </div>
      </details>
    </fieldset>
  )
}
