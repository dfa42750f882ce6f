/**
 * The small pieces every results card is made of: a number the page names (`<data data-cv>`), a bar and a row
 * of bars. Bars are SVG shapes sized by attributes, never by a style attribute, so that a page whose policy
 * refuses inline styles draws them as the console does.
 */
import type { ComponentChildren } from 'preact'
import { countText, percentText } from './model'

/**
 * A number a reader (and the browser tests) can take exactly: the `<data>` element's `value` holds it (empty
 * for none), `data-cv` names what it is and `of` (`data-question`…) of what; `text` is what is shown.
 */
export function Num({
  cv,
  value,
  text,
  of = {},
}: {
  cv: string
  value: number | null | undefined
  text: string
  of?: Record<string, string>
}) {
  const attrs: Record<string, string> = { class: 'cv-num', 'data-cv': cv }
  for (const [name, entry] of Object.entries(of)) attrs[`data-${name}`] = entry
  attrs.value = value === null || value === undefined ? '' : String(value)
  return <data {...attrs}>{text}</data>
}

/** A count, grouped by thousands. */
export const Count = ({ cv, value, of }: { cv: string; value: number; of?: Record<string, string> }) => (
  <Num cv={cv} value={value} text={countText(value)} {...(of ? { of } : {})} />
)

/** A percentage, to a tenth. */
export const Percent = ({ cv, value, of }: { cv: string; value: number | null | undefined; of?: Record<string, string> }) => (
  <Num cv={cv} value={value} text={percentText(value)} {...(of ? { of } : {})} />
)

/** A horizontal bar of `percent` (0–100), for the eye only: the numbers are beside it in text. */
export function Bar({ percent, tone = '' }: { percent: number | null | undefined; tone?: string }) {
  const width = Math.max(0, Math.min(100, percent ?? 0))
  return (
    <svg class="cv-bar" aria-hidden="true" focusable="false">
      <rect class="cv-bar-track" width="100%" height="100%" rx="4" />
      <rect class={`cv-bar-fill${tone ? ` cv-tone-${tone}` : ''}`} width={`${width}%`} height="100%" rx="4" />
    </svg>
  )
}

/** One row of a list of bars: its label, its numbers in text, and the bar. */
export function BarRowItem({
  label,
  percent,
  tone,
  children,
}: {
  label: ComponentChildren
  percent: number | null | undefined
  tone?: string
  children: ComponentChildren
}) {
  return (
    <li>
      <div class="cv-bar-head">
        <span class="cv-bar-label">{label}</span>
        <span class="cv-bar-nums">{children}</span>
      </div>
      <Bar percent={percent} {...(tone ? { tone } : {})} />
    </li>
  )
}

/** A note that a list was cut: `3 more choices not shown.` */
export const MoreNote = ({ hidden, what }: { hidden: number; what: string }) =>
  hidden > 0 ? (
    <p class="cv-muted">
      {countText(hidden)} more {what} not shown.
    </p>
  ) : null
