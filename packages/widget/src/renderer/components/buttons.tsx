import type { ComponentChildren } from 'preact'

export function PrimaryButton(props: {
  label: string
  type?: 'submit' | 'button'
  onClick?(): void
  disabled?: boolean
  autofocus?: boolean
}) {
  return (
    <button
      type={props.type ?? 'submit'}
      class="cv-btn cv-btn-primary"
      onClick={props.onClick}
      disabled={props.disabled}
      data-autofocus={props.autofocus ? '' : undefined}
    >
      {props.label}
    </button>
  )
}

export function SecondaryButton(props: {
  label: string
  onClick(): void
  small?: boolean
  ariaLabel?: string
  children?: ComponentChildren
}) {
  return (
    <button
      type="button"
      class={`cv-btn cv-btn-secondary${props.small ? ' cv-btn-small' : ''}`}
      onClick={props.onClick}
      aria-label={props.ariaLabel}
    >
      {props.children ?? props.label}
    </button>
  )
}

/** The action row: back on the left (when there is a way back), the rest on the right. */
export function ActionRow(props: { back?: { label: string; onBack(): void }; children: ComponentChildren; center?: boolean }) {
  return (
    <div class={`cv-actions${props.back ? '' : ' cv-actions-end'}`}>
      {props.back ? <SecondaryButton label={props.back.label} onClick={props.back.onBack} /> : null}
      {props.children}
    </div>
  )
}
