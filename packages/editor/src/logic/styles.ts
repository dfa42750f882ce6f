/**
 * The logic editors' styles, a string the editor shell puts in its shadow root. Colours, font and radius come
 * from the host's `--canvass-editor-*` properties with plain fallbacks; focus is always visible.
 */
export const LOGIC_STYLES = `
.cse-logic { display: grid; gap: 0.75rem; font: inherit; }
.cse-logic fieldset { border: 1px solid var(--canvass-editor-border, #c9ced6); border-radius: var(--canvass-editor-radius, 6px); padding: 0.75rem; margin: 0; display: grid; gap: 0.5rem; min-width: 0; }
.cse-logic legend { font-weight: 600; padding: 0 0.25rem; }
/* Controls keep their own width in the grid rows instead of stretching across the editor. */
.cse-logic > .cse-logic-field, .cse-logic > button, .cse-logic fieldset > .cse-logic-field, .cse-logic fieldset > button { justify-self: start; }
.cse-logic-rule:focus { outline: 2px solid var(--canvass-editor-accent, #2563eb); outline-offset: 2px; }
.cse-logic-condition, .cse-logic-action, .cse-logic-row { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.5rem; }
.cse-logic-field { display: grid; gap: 0.2rem; font-size: 0.875rem; min-width: 10rem; }
.cse-logic-field > span { font-weight: 500; }
.cse-logic-check { display: inline-flex; align-items: center; gap: 0.35rem; font-size: 0.875rem; }
.cse-logic-choices { display: flex !important; flex-wrap: wrap; gap: 0.5rem 1rem !important; }
.cse-logic select, .cse-logic input[type='text'], .cse-logic input[type='number'], .cse-logic input[type='date'] {
  font: inherit; padding: 0.3rem 0.45rem; border: 1px solid var(--canvass-editor-border, #8a93a0);
  border-radius: var(--canvass-editor-radius, 6px); background: var(--canvass-editor-input-bg, #fff); color: inherit; max-width: 100%;
}
.cse-logic button { font: inherit; padding: 0.3rem 0.7rem; border-radius: var(--canvass-editor-radius, 6px); border: 1px solid var(--canvass-editor-border, #8a93a0); background: transparent; color: inherit; cursor: pointer; }
.cse-logic-add { border-color: var(--canvass-editor-accent, #2563eb) !important; color: var(--canvass-editor-accent, #2563eb) !important; }
.cse-logic-remove { color: var(--canvass-editor-danger, #b42318) !important; }
.cse-logic :focus-visible { outline: 2px solid var(--canvass-editor-accent, #2563eb); outline-offset: 2px; }
.cse-logic [aria-invalid='true'] { border-color: var(--canvass-editor-danger, #b42318); }
.cse-logic-note { margin: 0; color: var(--canvass-editor-muted, #4b5563); font-size: 0.875rem; }
.cse-logic-error { margin: 0; color: var(--canvass-editor-danger, #b42318); font-size: 0.875rem; flex-basis: 100%; }
.cse-logic-warning { color: var(--canvass-editor-warning, #92400e); font-size: 0.875rem; }
.cse-logic-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
.cse-logic-language code, .cse-logic-list code { font-size: 0.8rem; }
.cse-logic-confirm { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; }
`
