import type { ComponentChildren } from 'preact'

export interface ScaleOption {
  value: number
  /** What is shown: the number, or an icon (then `label` names it for screen readers). */
  content: ComponentChildren
  label: string
  className?: string
}

/**
 * A row of options of which one is picked (NPS, rating, CSAT, CES): native radio buttons, visually replaced by boxes,
 * so that arrow keys move the choice and the group is announced with the question.
 */
export function Scale(props: {
  name: string
  firstId: string
  options: ScaleOption[]
  value: number | undefined
  onPick(value: number): void
  labelledBy: string
  describedBy: string
  required: boolean
  icons?: boolean
  lowerLabel?: string
  upperLabel?: string
}) {
  return (
    <div>
      <div
        class={`cv-scale${props.icons ? ' cv-icon-scale' : ''}`}
        role="radiogroup"
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
        aria-required={props.required}
      >
        {props.options.map((option, index) => (
          <label class="cv-scale-item" key={option.value}>
            <input
              type="radio"
              name={props.name}
              id={index === 0 ? props.firstId : undefined}
              value={String(option.value)}
              checked={props.value === option.value}
              aria-label={option.label}
              onChange={() => props.onPick(option.value)}
            />
            <span class={option.className} aria-hidden="true">
              {option.content}
            </span>
          </label>
        ))}
      </div>
      {props.lowerLabel || props.upperLabel ? (
        <div class="cv-scale-labels" aria-hidden="true">
          <span>{props.lowerLabel}</span>
          <span>{props.upperLabel}</span>
        </div>
      ) : null}
    </div>
  )
}
