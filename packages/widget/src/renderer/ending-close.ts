/** How long a finished modal survey stays on its ending before it closes itself, as the reference's does. */
export const ENDING_CLOSE_MS = 3000

/**
 * Whether a finished survey closes itself once its finished response is saved (see docs/widget.md): a modal
 * survey does, unless it is leaving the page for a redirect; a survey in a page (a link page, an inline embed)
 * stays on its ending.
 */
export const closesAfterEnding = (mode: 'modal' | 'page', redirecting: boolean): boolean => mode === 'modal' && !redirecting
