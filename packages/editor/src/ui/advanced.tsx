import type { ComponentChildren } from 'preact'

/**
 * What most people never change (ids, media URLs, button labels), folded away: a native disclosure, so the
 * keyboard and screen readers handle it as they do anywhere. `context` names whose settings these are, for
 * the disclosure's accessible name ("Advanced: Question 2: …").
 */
export function Advanced({ label, context, children }: { label: string; context: string; children: ComponentChildren }) {
  return (
    <details class="cse-advanced">
      <summary aria-label={`${label}: ${context}`}>{label}</summary>
      <div class="cse-advanced-body">{children}</div>
    </details>
  )
}

/** Opens every closed disclosure around `target`, so that it can take the focus. */
export function revealed<T extends Element>(target: T): T {
  for (let parent = target.parentElement; parent; parent = parent.parentElement) {
    if (parent instanceof HTMLDetailsElement && !parent.open) parent.open = true
  }
  return target
}
