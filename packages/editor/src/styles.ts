/**
 * The editor's styles, inside its shadow root: nothing leaks out and the page's rules do not reach in (`all:
 * initial` on the host resets what inherits). Themed by custom properties on the host element (README).
 */
export const EDITOR_STYLES = `
:host{all:initial;display:block;contain:content;
--cse-accent:var(--canvass-editor-accent,#0e7490);
--cse-font:var(--canvass-editor-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);
--cse-radius:var(--canvass-editor-radius,6px);
--cse-bg:var(--canvass-editor-background,#fff);
--cse-fg:var(--canvass-editor-text,#1f2937);
--cse-muted:var(--canvass-editor-muted,#4b5563);
--cse-border:var(--canvass-editor-border,#9ca3af);
--cse-surface:var(--canvass-editor-surface,#f8fafc);
--cse-danger:var(--canvass-editor-danger,#b91c1c);
--cse-warning:var(--canvass-editor-warning,#92400e);
background:var(--cse-bg)}
*{box-sizing:border-box}
/* The logic panels (src/logic) read the host's properties with defaults of their own: they get the editor's. */
.cse-root{--canvass-editor-accent:var(--cse-accent);--canvass-editor-radius:var(--cse-radius);--canvass-editor-border:var(--cse-border);--canvass-editor-muted:var(--cse-muted);--canvass-editor-danger:var(--cse-danger);--canvass-editor-warning:var(--cse-warning)}
/* On the root, not the host: the page's rules for the host element itself outrank the host's own. */
.cse-root{font-family:var(--cse-font);font-size:15px;line-height:1.4;color:var(--cse-fg);display:flex;flex-direction:column;gap:12px;padding:12px}
.cse-toolbar{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;position:sticky;top:0;z-index:1;background:var(--cse-bg);padding:8px 0;border-bottom:1px solid var(--cse-border)}
.cse-main{display:flex;gap:16px;align-items:flex-start}
.cse-forms{flex:1 1 auto;min-width:0;display:flex;flex-direction:column;gap:12px}
h1,h2,h3,h4{margin:0;font-weight:600}
h1{font-size:1.25em}h2{font-size:1.15em}h3{font-size:1.05em}h4{font-size:1em}
ol,ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.cse-section,.cse-subsection{border:1px solid var(--cse-border);border-radius:var(--cse-radius);padding:8px 12px;margin:0;display:flex;flex-direction:column;gap:8px}
legend{font-weight:600;padding:0 4px}
.cse-block{border:2px solid var(--cse-border);border-radius:var(--cse-radius);padding:12px;display:flex;flex-direction:column;gap:8px;background:var(--cse-surface)}
.cse-element{border:1px solid var(--cse-border);border-radius:var(--cse-radius);padding:12px;display:flex;flex-direction:column;gap:8px;background:var(--cse-bg)}
.cse-element:focus-within,.cse-block:focus-within{border-color:var(--cse-accent)}
.cse-card-head{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.cse-card-head h3,.cse-card-head h4{flex:1 1 auto}
.cse-handle{cursor:grab;user-select:none;color:var(--cse-muted);font-size:1.2em}
.cse-field{display:flex;flex-direction:column;gap:2px}
.cse-styling-color{display:flex;gap:6px;align-items:center}.cse-styling-color input[type=color]{width:40px;height:32px;padding:0 2px}.cse-styling-fields{display:flex;flex-direction:column;gap:8px}
.cse-check{flex-direction:row;align-items:center;gap:6px;flex-wrap:wrap}
.cse-localized{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:8px}
label{font-weight:500;color:var(--cse-fg)}
input,select,textarea,button{font:inherit;color:inherit;border-radius:var(--cse-radius)}
input[type=text],input[type=url],input[type=number],select,textarea{border:1px solid var(--cse-border);padding:6px 8px;background:var(--cse-bg);min-width:0;width:100%}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--cse-danger)}
button{border:1px solid var(--cse-accent);background:var(--cse-bg);color:var(--cse-accent);padding:6px 12px;cursor:pointer}
button:disabled{opacity:.5;cursor:not-allowed}
button.cse-primary{background:var(--cse-accent);color:#fff}
button[aria-pressed=true]{background:var(--cse-accent);color:#fff}
:focus-visible{outline:3px solid var(--cse-accent);outline-offset:2px}
.cse-row-buttons{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.cse-missing{color:var(--cse-warning);font-size:.9em}
.cse-missing::before{content:"⚠ "}
.cse-field-problems,.cse-error{color:var(--cse-danger);font-size:.9em;margin:0}
.cse-problems{border:2px solid var(--cse-danger);border-radius:var(--cse-radius);padding:8px 12px}
.cse-problems button{border:none;padding:0;text-decoration:underline;color:var(--cse-danger);text-align:left}
.cse-conflict{border:2px solid var(--cse-warning);border-radius:var(--cse-radius);padding:8px 12px;display:flex;flex-direction:column;gap:8px}
.cse-status{min-height:1.4em;color:var(--cse-muted)}
.cse-status-line{display:flex;align-items:center;gap:4px;min-width:0;flex:1 1 12em}
.cse-status-line .cse-status{margin:0;overflow-wrap:anywhere}
.cse-dismiss{padding:0 6px;line-height:1.4}
.cse-hint{color:var(--cse-muted);font-size:.9em}
.cse-tokens{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}
.cse-token{display:inline-flex;align-items:center;gap:2px;border:1px solid var(--cse-border);border-radius:999px;padding:0 2px 0 8px}
.cse-token button{padding:0 6px;border:0;background:none;line-height:1.4}
.cse-preview{flex:0 0 auto;position:sticky;top:64px;display:flex;flex-direction:column;gap:8px;max-width:100%}
.cse-preview-frame{border:1px solid var(--cse-border);border-radius:var(--cse-radius);min-height:400px;overflow:auto;background:#fff}
.cse-preview-phone{width:375px}
.cse-preview-desktop{width:min(1024px,60vw)}
.cse-rules li{display:flex;gap:8px;align-items:flex-end;flex-wrap:wrap}
.cse-item{display:flex;flex-direction:column;gap:4px;border-left:3px solid var(--cse-border);padding-left:8px}
code{font-family:ui-monospace,monospace}
@media (max-width:800px){.cse-main{flex-direction:column}.cse-preview{position:static}}
`
