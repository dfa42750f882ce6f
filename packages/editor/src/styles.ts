/**
 * The editor's styles, inside its shadow root: nothing leaks out and the page's rules do not reach in (`all:
 * initial` on the host resets what inherits). The colours, spacing, radius and type are Canvass's design
 * tokens (`@canvass/core/design-tokens`, the console's and the shared page's too); a host themes the editor
 * by the `--canvass-editor-*` properties on the element (README).
 */
import { designTokenProperties } from '@canvass/core/design-tokens'

export const EDITOR_STYLES = `
:host{all:initial;display:block;contain:content;${designTokenProperties()};
--cse-accent:var(--canvass-editor-accent,var(--canvass-accent));
--cse-accent-ink:var(--canvass-accent-ink);
--cse-font:var(--canvass-editor-font,var(--canvass-font));
--cse-radius:var(--canvass-editor-radius,var(--canvass-radius-s));
--cse-bg:var(--canvass-editor-background,var(--canvass-background));
--cse-fg:var(--canvass-editor-text,var(--canvass-text));
--cse-muted:var(--canvass-editor-muted,var(--canvass-muted));
--cse-border:var(--canvass-editor-border,var(--canvass-border));
--cse-line:var(--canvass-line);
--cse-surface:var(--canvass-editor-surface,var(--canvass-surface));
--cse-danger:var(--canvass-editor-danger,var(--canvass-danger));
--cse-warning:var(--canvass-editor-warning,var(--canvass-warning));
--cse-s:var(--canvass-space-s);--cse-m:var(--canvass-space-m);
background:var(--cse-bg)}
*{box-sizing:border-box}
/* The logic panels (src/logic) read the host's properties with defaults of their own: they get the editor's. */
.cse-root{--canvass-editor-accent:var(--cse-accent);--canvass-editor-radius:var(--cse-radius);--canvass-editor-border:var(--cse-border);--canvass-editor-muted:var(--cse-muted);--canvass-editor-danger:var(--cse-danger);--canvass-editor-warning:var(--cse-warning)}
/* On the root, not the host: the page's rules for the host element itself outrank the host's own. */
.cse-root{font-family:var(--cse-font);font-size:var(--canvass-text-size);line-height:1.4;color:var(--cse-fg);display:flex;flex-direction:column;gap:var(--cse-m);padding:var(--cse-m);min-width:0}
.cse-toolbar{display:flex;flex-wrap:wrap;gap:var(--cse-s);align-items:flex-end;position:sticky;top:0;z-index:1;background:var(--cse-bg);padding:var(--cse-s) 0;border-bottom:1px solid var(--cse-line)}
.cse-toolbar>*{min-width:0}
.cse-main{display:flex;flex-direction:column;gap:var(--canvass-space-l)}
.cse-forms{min-width:0;display:flex;flex-direction:column;gap:10px}
.cse-view{min-width:0;display:flex;flex-direction:column;gap:10px}
.cse-views{display:flex;flex-wrap:wrap;gap:2px;border-bottom:1px solid var(--cse-line)}
.cse-views [role=tab]{border:0;border-bottom:3px solid transparent;border-radius:0;background:none;color:var(--cse-fg);padding:6px 12px;font-weight:600}
.cse-views [role=tab][aria-selected=true]{border-bottom-color:var(--cse-accent);color:var(--cse-accent)}
.cse-pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:10px;align-items:start}
/* Beside the cards on a wide screen, the cards never narrower than 560 px; stacked below them otherwise. */
@media (min-width:1200px){
.cse-with-preview{flex-direction:row;align-items:flex-start}
.cse-with-preview .cse-forms{flex:1 1 560px;min-width:560px}
.cse-with-preview .cse-preview{flex:0 1 420px;min-width:0;position:sticky;top:72px;max-height:calc(100vh - 84px);overflow:auto}
.cse-with-preview .cse-preview.cse-preview-wide{flex:1 1 640px}
}
h1,h2,h3,h4{margin:0;font-weight:600}
h1{font-size:1.25em}h2{font-size:1.15em}h3{font-size:1.05em}h4{font-size:1em}
ol,ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:var(--cse-s)}
.cse-section,.cse-subsection{border:1px solid var(--cse-line);border-radius:var(--cse-radius);padding:var(--cse-s) var(--cse-m);margin:0;display:flex;flex-direction:column;gap:var(--cse-s);min-width:0}
legend{font-weight:600;padding:0 4px}
.cse-blocks{display:flex;flex-direction:column;gap:var(--cse-s)}
.cse-block{border:1px solid var(--cse-line);border-radius:var(--canvass-radius-m);padding:6px var(--cse-s);display:flex;flex-direction:column;gap:6px;background:var(--cse-surface)}
.cse-block-head{display:flex;flex-wrap:wrap;gap:var(--cse-s);align-items:center}
.cse-block-name{flex:1 1 200px;min-width:0}
.cse-block-name .cse-field{flex-direction:row;align-items:center;gap:var(--cse-s)}
.cse-block-name label{white-space:nowrap;color:var(--cse-muted);font-size:.9em}
.cse-element{border:1px solid var(--cse-line);border-radius:var(--cse-radius);background:var(--cse-bg)}
.cse-element.cse-open{border-color:var(--cse-accent);box-shadow:inset 3px 0 0 var(--cse-accent)}
.cse-card-head{display:flex;gap:4px;align-items:center;padding:4px var(--cse-s)}
.cse-card-title{flex:1 1 auto;min-width:0}
.cse-card-toggle{display:flex;align-items:center;gap:var(--cse-s);width:100%;border:0;background:none;color:var(--cse-fg);padding:6px 4px;text-align:left;font-weight:600}
.cse-card-toggle .cse-headline{flex:1 1 auto;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.cse-num{display:inline-block;min-width:1.7em;margin-right:6px;padding:0 4px;border-radius:999px;background:var(--cse-surface);border:1px solid var(--cse-line);text-align:center;font-size:.85em;color:var(--cse-muted)}
.cse-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.cse-icon{flex:0 0 auto;color:var(--cse-accent);vertical-align:middle}
.cse-card-body{display:flex;flex-direction:column;gap:var(--cse-s);padding:4px var(--cse-m) var(--cse-m);border-top:1px solid var(--cse-line)}
.cse-type-button{display:inline-flex;align-items:center;gap:var(--cse-s);align-self:flex-start;color:var(--cse-fg);border-color:var(--cse-border)}
.cse-type-change{color:var(--cse-accent);font-size:.9em;text-decoration:underline}
.cse-type-name{margin:0;display:flex;align-items:center;gap:6px}
.cse-advanced{border-top:1px dashed var(--cse-line)}
.cse-block-settings{border:0}
.cse-block-head>.cse-block-settings{order:3}
.cse-block-head>.cse-block-settings[open]{flex-basis:100%}
.cse-block-head>.cse-row-buttons{order:2}
.cse-type-row{display:flex;flex-wrap:wrap;gap:var(--cse-m);align-items:flex-end}
.cse-advanced>summary{cursor:pointer;color:var(--cse-muted);font-size:.9em;padding:2px 0;width:max-content;max-width:100%}
.cse-advanced-body{display:flex;flex-direction:column;gap:var(--cse-s);padding-top:4px}
.cse-icon-button{padding:2px 8px;min-width:32px;min-height:32px;border-color:var(--cse-line);color:var(--cse-fg)}
.cse-icon-button.cse-danger{color:var(--cse-danger)}
.cse-handle{cursor:grab;user-select:none;color:var(--cse-muted);font-size:1.2em}
.cse-field{display:flex;flex-direction:column;gap:2px;min-width:0}
.cse-styling-color{display:flex;gap:6px;align-items:center}.cse-styling-color input[type=color]{width:40px;height:32px;padding:0 2px}.cse-styling-fields{display:flex;flex-direction:column;gap:8px}
.cse-check{flex-direction:row;align-items:center;gap:6px;flex-wrap:wrap}
.cse-localized{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:var(--cse-s)}
label{font-weight:500;color:var(--cse-fg)}
input,select,textarea,button{font:inherit;color:inherit;border-radius:var(--cse-radius);max-width:100%}
input[type=text],input[type=url],input[type=number],select,textarea{border:1px solid var(--cse-border);padding:6px 8px;background:var(--cse-bg);min-width:0;width:100%}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--cse-danger)}
button{border:1px solid var(--cse-accent);background:var(--cse-bg);color:var(--cse-accent);padding:6px 12px;cursor:pointer}
button:disabled{opacity:.5;cursor:not-allowed}
button.cse-primary{background:var(--cse-accent);color:var(--cse-accent-ink)}
button[aria-pressed=true]{background:var(--cse-accent);color:var(--cse-accent-ink)}
:focus-visible{outline:3px solid var(--cse-accent);outline-offset:2px}
.cse-row-buttons{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.cse-missing{color:var(--cse-warning);font-size:.9em}
.cse-missing::before{content:"⚠ "}
.cse-field-problems,.cse-error{color:var(--cse-danger);font-size:.9em;margin:0}
.cse-problems{border:2px solid var(--cse-danger);border-radius:var(--cse-radius);padding:var(--cse-s) var(--cse-m)}
.cse-problems button{border:none;padding:0;text-decoration:underline;color:var(--cse-danger);text-align:left}
.cse-conflict{border:2px solid var(--cse-warning);border-radius:var(--cse-radius);padding:var(--cse-s) var(--cse-m);display:flex;flex-direction:column;gap:var(--cse-s)}
.cse-status{min-height:1.4em;color:var(--cse-muted)}
.cse-status-line{display:flex;align-items:center;gap:4px;min-width:0;flex:1 1 12em}
.cse-status-line .cse-status{margin:0;overflow-wrap:anywhere}
.cse-dismiss{padding:0 6px;line-height:1.4}
.cse-hint{color:var(--cse-muted);font-size:.9em}
.cse-tokens{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0}
.cse-token{display:inline-flex;align-items:center;gap:2px;border:1px solid var(--cse-border);border-radius:999px;padding:0 2px 0 8px}
.cse-token button{padding:0 6px;border:0;background:none;line-height:1.4}
.cse-preview{display:flex;flex-direction:column;gap:var(--cse-s);min-width:0;max-width:100%}
.cse-preview>h2:focus{outline:none}
.cse-preview>h2:focus-visible{outline:3px solid var(--cse-accent)}
.cse-preview-frame{border:1px solid var(--cse-border);border-radius:var(--cse-radius);min-height:400px;overflow:auto;background:#fff;max-width:100%}
.cse-preview-phone{width:375px}
.cse-preview-desktop{width:100%}
.cse-picker{border:1px solid var(--cse-border);border-radius:var(--canvass-radius-l);padding:var(--canvass-space-l);width:min(640px,calc(100vw - 32px));max-height:calc(100vh - 48px);color:var(--cse-fg);background:var(--cse-bg);font-family:var(--cse-font);display:flex;flex-direction:column;gap:var(--cse-m)}
.cse-picker:not([open]){display:none}
.cse-picker::backdrop{background:rgba(28,36,48,.45)}
.cse-picker-list{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:6px;overflow:auto}
.cse-picker-option{display:grid;grid-template-columns:auto 1fr;gap:0 var(--cse-s);align-items:center;padding:6px var(--cse-s);border:1px solid var(--cse-line);border-radius:var(--cse-radius);cursor:pointer}
.cse-picker-option[aria-selected=true]{border-color:var(--cse-accent);background:var(--canvass-accent-soft)}
.cse-picker-name{font-weight:600}
.cse-picker-hint{grid-column:2;color:var(--cse-muted);font-size:.85em}
.cse-rules li{display:flex;gap:var(--cse-s);align-items:flex-end;flex-wrap:wrap}
.cse-item{display:flex;flex-direction:column;gap:4px;border-left:3px solid var(--cse-border);padding-left:var(--cse-s)}
code{font-family:ui-monospace,monospace}
`
