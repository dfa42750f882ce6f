/** The Settings panel's styles, added to the editor's shadow root beside the others (element.ts). */
export const SETTINGS_STYLES = `
.cse-settings>legend h2{display:inline;font-size:1.15em}
.cse-settings:disabled{opacity:.85}
.cse-help{color:var(--cse-muted);font-size:.9em;margin:0}
.cse-radios{gap:4px}
.cse-settings input[type=datetime-local]{border:1px solid var(--cse-border);padding:6px 8px;background:var(--cse-bg);max-width:100%}
.cse-settings input[type=text],.cse-settings input[type=number],.cse-settings input[type=url],.cse-settings select{max-width:32rem}
.cse-chosen li{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.cse-chosen li span{flex:1 1 auto}
.cse-condition{border:1px solid var(--cse-border);border-radius:var(--cse-radius);padding:8px;margin:0;display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.cse-condition .cse-field{flex:1 1 10rem}
`
