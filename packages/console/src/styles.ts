/**
 * The console's styles, every rule under `.cv-console` so that nothing leaks into a host's page. Colours keep a
 * contrast of at least 4.5:1 on their backgrounds; focus is always visible. The results summary's rules are
 * core's (`RESULTS_STYLE`, under `.cv-results`), the same the shared results page inlines, and come last.
 */
import { designTokenProperties } from '@canvass/core/design-tokens'
import { RESULTS_STYLE } from '@canvass/core/results'

/** New survey: the templates of a category as cards, and a template's preview in a dialog. */
const NEW_SURVEY_STYLES = `
.cv-console .cv-new-survey>h2:first-child{margin-top:0}
.cv-console .cv-new-survey label.cv-check{align-items:flex-start}
.cv-console .cv-new-survey label.cv-check input{margin-top:.3rem}
.cv-console .cv-templates{list-style:none;margin:.5rem 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.75rem}
.cv-console .cv-template{border:1px solid var(--cv-line);border-radius:8px;padding:.75rem;display:flex;flex-direction:column}
.cv-console .cv-template h3{font-size:1rem;margin:0 0 .25rem}
.cv-console .cv-template p{margin:0 0 .5rem;flex:1}
.cv-console .cv-template .cv-actions{margin:0}
.cv-console dialog.cv-template-preview{width:min(40rem,calc(100vw - 1rem));max-width:none}
.cv-console .cv-preview-frame{border:1px solid var(--cv-line);border-radius:8px;background:var(--cv-soft);padding:.5rem;max-height:60vh;overflow:auto}
`

/**
 * Below 48rem (phones, narrow windows): the navigation folds behind the header's Menu button, the content takes
 * the width, and a table wider than the screen scrolls inside its own box, never the page.
 */
const NARROW_STYLES = `
.cv-console .cv-menu-button{display:none}
@media (max-width:48rem){
.cv-console{grid-template-columns:minmax(0,1fr);grid-template-areas:"header" "nav" "main"}
.cv-console .cv-header{flex-wrap:wrap;gap:.5rem .75rem;padding:.5rem .75rem}
.cv-console .cv-menu-button{display:inline-block}
.cv-console .cv-person{margin-left:0}
.cv-console .cv-nav{display:none;border-right:0;border-bottom:1px solid var(--cv-line);padding:.5rem}
.cv-console .cv-nav.cv-nav-open{display:block}
.cv-console .cv-main{padding:1rem .75rem}
.cv-console table{display:block;max-width:100%;overflow-x:auto}
.cv-console .cv-tabs{overflow-x:auto}
.cv-console dl.cv-answers,.cv-console .cv-facts{grid-template-columns:minmax(0,1fr)}
.cv-console input,.cv-console select,.cv-console textarea{max-width:100%}
.cv-console label{max-width:100%}
.cv-console .cv-notice{left:.5rem;right:.5rem;max-width:none}
}
`

export const CONSOLE_STYLES = `
.cv-console{${designTokenProperties()};--cv-ink:var(--canvass-text);--cv-muted:var(--canvass-muted);--cv-line:var(--canvass-line);--cv-soft:var(--canvass-surface);
  --cv-accent:var(--canvass-accent);--cv-accent-ink:var(--canvass-accent-ink);--cv-danger:var(--canvass-danger);--cv-ok:var(--canvass-ok);
  font:var(--canvass-text-size)/var(--canvass-text-line-height) var(--canvass-font);color:var(--cv-ink);background:#fff;min-height:100vh;
  display:grid;grid-template-columns:13rem 1fr;grid-template-rows:auto 1fr;grid-template-areas:"header header" "nav main"}
.cv-console *{box-sizing:border-box}
.cv-console .cv-skip{position:absolute;left:-999px}
.cv-console .cv-skip:focus{left:1rem;top:.5rem;z-index:10;background:#fff;padding:.25rem .5rem}
.cv-console .cv-header{grid-area:header;display:flex;gap:1rem;align-items:center;padding:.6rem 1.25rem;border-bottom:1px solid var(--cv-line)}
.cv-console .cv-brand{font-weight:700}
.cv-console .cv-header label{flex-direction:row;align-items:center;gap:.4rem}
.cv-console .cv-project{color:var(--cv-muted)}
.cv-console .cv-project-switch{display:flex;align-items:center;gap:.4rem;flex-wrap:wrap;margin:0}
.cv-console .cv-project-switch select{max-width:16rem}
.cv-console .cv-person{margin-left:auto}
.cv-console .cv-role{font-size:.8rem;border:1px solid var(--cv-line);border-radius:999px;padding:0 .5rem;color:var(--cv-muted)}
.cv-console .cv-nav{grid-area:nav;border-right:1px solid var(--cv-line);padding:1rem .5rem;background:var(--cv-soft)}
.cv-console .cv-nav ul{list-style:none;margin:0;padding:0}
.cv-console .cv-nav a{display:block;padding:.4rem .75rem;border-radius:6px;color:var(--cv-ink);text-decoration:none}
.cv-console .cv-nav a[aria-current=page]{background:#fff;font-weight:600;box-shadow:inset 3px 0 0 var(--cv-accent)}
.cv-console .cv-main{grid-area:main;padding:1.25rem 1.5rem;max-width:72rem;min-width:0}
.cv-console h1{font-size:1.4rem;margin:0 0 1rem}
.cv-console h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.cv-console a{color:var(--cv-accent)}
.cv-console :focus-visible{outline:3px solid var(--cv-accent);outline-offset:2px}
.cv-console h1[tabindex="-1"]:focus{outline:none}
.cv-console .cv-button,.cv-console button{font:inherit;border:1px solid var(--cv-line);background:#fff;color:var(--cv-ink);border-radius:6px;padding:.35rem .8rem;cursor:pointer}
.cv-console .cv-primary{background:var(--cv-accent);border-color:var(--cv-accent);color:var(--cv-accent-ink)}
.cv-console .cv-danger{color:var(--cv-danger);border-color:var(--cv-danger)}
.cv-console button:disabled{opacity:.6;cursor:default}
.cv-console input,.cv-console select,.cv-console textarea{font:inherit;border:1px solid #8a94a3;border-radius:6px;padding:.3rem .5rem;background:#fff;color:var(--cv-ink)}
.cv-console label{display:inline-flex;flex-direction:column;gap:.2rem;font-size:.9rem}
.cv-console .cv-row{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin:.5rem 0 1rem}
.cv-console table{border-collapse:collapse;width:100%;margin:.5rem 0}
.cv-console th,.cv-console td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid var(--cv-line);vertical-align:top}
.cv-console th{font-size:.85rem;color:var(--cv-muted);font-weight:600}
.cv-console .cv-num{text-align:right;font-variant-numeric:tabular-nums}
.cv-console .cv-badge{display:inline-block;font-size:.8rem;border-radius:999px;padding:0 .55rem;background:var(--cv-soft);border:1px solid var(--cv-line)}
.cv-console .cv-card{border:1px solid var(--cv-line);border-radius:8px;padding:1rem;margin:.75rem 0}
.cv-console .cv-muted{color:var(--cv-muted)}
.cv-console .cv-error{color:var(--cv-danger)}
.cv-console .cv-code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem;background:var(--cv-soft);border:1px solid var(--cv-line);border-radius:6px;padding:.5rem;white-space:pre-wrap;word-break:break-all}
.cv-console .cv-notice{position:fixed;bottom:1rem;right:1rem;max-width:28rem;display:flex;align-items:flex-start;gap:.5rem}
.cv-console .cv-notice p{margin:0}
.cv-console .cv-notice-close{padding:0 .4rem;line-height:1.4}
.cv-console .cv-notice-ok{background:#e8f5ec;color:var(--cv-ok);border:1px solid var(--cv-ok);border-radius:6px;padding:.5rem .8rem}
.cv-console .cv-notice-error{background:#fdecea;color:var(--cv-danger);border:1px solid var(--cv-danger);border-radius:6px;padding:.5rem .8rem}
.cv-console dialog{border:1px solid var(--cv-line);border-radius:8px;padding:1.25rem;max-width:32rem}
.cv-console dialog::backdrop{background:rgba(20,28,40,.4)}
.cv-console .cv-actions{display:flex;flex-wrap:wrap;gap:.4rem}
.cv-console .cv-wrap{word-break:break-all}
.cv-console fieldset{border:1px solid var(--cv-line);border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}
.cv-console label.cv-check{display:flex;flex-direction:row;align-items:center;gap:.4rem;margin:.2rem 0}
.cv-console .cv-facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.cv-console .cv-facts dt{color:var(--cv-muted)}
.cv-console .cv-facts dd{margin:0;word-break:break-all}
.cv-console .cv-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.cv-console .cv-figure{margin:0}
.cv-console .cv-figure svg{width:100%;height:auto;max-height:12rem}
.cv-console .cv-tabs{display:flex;gap:.25rem;border-bottom:1px solid var(--cv-line);margin:0 0 1rem;padding:0;list-style:none}
.cv-console .cv-tabs a{display:block;padding:.4rem .8rem;text-decoration:none;color:var(--cv-ink);border-bottom:3px solid transparent}
.cv-console .cv-tabs a[aria-current=page]{border-bottom-color:var(--cv-accent);font-weight:600}
.cv-console .cv-actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.25rem 0 1rem}
.cv-console .cv-field{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.cv-console .cv-field input[readonly]{min-width:min(32rem,100%);flex:1}
.cv-console dl.cv-answers{display:grid;grid-template-columns:minmax(10rem,1fr) 2fr;gap:.4rem 1rem}
.cv-console dl.cv-answers dt{font-weight:600}
.cv-console dl.cv-answers dd{margin:0;white-space:pre-wrap;word-break:break-word}
.cv-console fieldset{border:1px solid var(--cv-line);border-radius:8px;padding:.5rem 1rem 1rem;margin:.5rem 0 1rem}
.cv-console legend{font-weight:600;padding:0 .25rem}
.cv-console .cv-checks{display:flex;flex-wrap:wrap;gap:.5rem 1rem}
.cv-console .cv-checks label{flex-direction:row;align-items:center;gap:.35rem}
.cv-console .cv-editor{display:block;min-height:30rem}
.cv-console .cv-styling{display:grid;grid-template-columns:minmax(0,1fr);gap:1.5rem}
@media (min-width:1100px){.cv-console .cv-styling{grid-template-columns:minmax(20rem,1fr) minmax(22rem,1fr)}.cv-console .cv-styling-preview{position:sticky;top:1rem;align-self:start}}
.cv-console .cv-styling-form label{margin:.35rem 0}
.cv-console .cv-color{display:flex;flex-direction:column;gap:.2rem;margin:.35rem 0;font-size:.9rem}
.cv-console .cv-color input[type=color]{width:2.5rem;height:2rem;padding:0 .1rem}
.cv-console .cv-hex{width:9rem;font-family:ui-monospace,Menlo,Consolas,monospace}
.cv-console .cv-styling-frame{border:1px solid var(--cv-line);border-radius:8px;overflow:hidden;min-height:24rem}
${RESULTS_STYLE}${NEW_SURVEY_STYLES}${NARROW_STYLES}`
