/**
 * The shared results page's style sheet (one inline `<style>` with the page's nonce): the results' own sheet
 * (`RESULTS_STYLE`, the page's body is `.cv-results`) with the page around it, `cv-` classes only, colours as
 * custom properties switched by `prefers-color-scheme`, one column that narrows to a phone's width.
 */
import { designTokenProperties } from '../design-tokens'
import { RESULTS_DARK, RESULTS_STYLE } from '../results/style'

export const SHARE_PAGE_STYLE = [
  `:root{color-scheme:light dark;${designTokenProperties()}}`,
  RESULTS_STYLE,
  `@media (prefers-color-scheme:dark){.cv-results{${RESULTS_DARK}}}`,
  '*,*::before,*::after{box-sizing:border-box}',
  'html,body{margin:0}',
  '.cv-page{font:var(--canvass-text-size)/var(--canvass-text-line-height) var(--canvass-font);color:var(--cv-text);background:var(--cv-bg);-webkit-text-size-adjust:100%}',
  '.cv-wrap{max-width:960px;margin:0 auto;padding:0 24px}',
  '.cv-header{background:var(--cv-surface);border-bottom:1px solid var(--cv-border)}',
  '.cv-header .cv-wrap{padding-top:28px}',
  '.cv-title{margin:0 0 16px;font-size:26px;line-height:1.25;font-weight:650;overflow-wrap:anywhere}',
  '.cv-tabs{display:flex;gap:4px}',
  '.cv-tab{display:inline-block;padding:10px 14px;color:var(--cv-muted);text-decoration:none;font-weight:600;border-bottom:2px solid transparent}',
  '.cv-tab:hover{color:var(--cv-text)}',
  '.cv-tab[aria-current=page]{color:var(--cv-accent);border-bottom-color:var(--cv-accent)}',
  'main.cv-wrap{padding-top:20px;padding-bottom:8px}',
  '.cv-filters{display:flex;flex-wrap:wrap;align-items:flex-end;gap:12px 16px;padding:16px;margin:0 0 20px;background:var(--cv-surface);border:1px solid var(--cv-border);border-radius:12px}',
  '.cv-control{display:flex;flex-direction:column;gap:4px;min-width:0}',
  '.cv-control label{font-size:13px;font-weight:600;color:var(--cv-muted)}',
  '.cv-control input,.cv-control select{font:inherit;color:var(--cv-text);background:var(--cv-bg);border:1px solid var(--cv-border);border-radius:8px;padding:0 10px;height:40px;max-width:100%}',
  '.cv-check{display:flex;align-items:center;gap:8px;height:40px}',
  '.cv-check input{width:18px;height:18px;margin:0;accent-color:var(--cv-accent)}',
  '.cv-actions{display:flex;align-items:center;gap:14px;margin-left:auto}',
  '.cv-button{font:inherit;font-weight:600;color:#fff;background:var(--cv-accent);border:0;border-radius:8px;padding:0 18px;height:40px;cursor:pointer}',
  '@media (prefers-color-scheme:dark){.cv-button{color:#0e1015}}',
  'a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:2px solid var(--cv-focus);outline-offset:2px}',
  '.cv-link{color:var(--cv-accent);text-underline-offset:3px}',
  '.cv-field-block+.cv-field-block{margin-top:18px;padding-top:16px;border-top:1px solid var(--cv-border)}',
  '.cv-response{margin:0 0 14px}',
  '.cv-response-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px;margin-bottom:8px;font-weight:600}',
  '.cv-badge{display:inline-block;font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;background:var(--cv-track);color:var(--cv-muted)}',
  '.cv-badge-done{background:var(--cv-accent-soft);color:var(--cv-accent)}',
  '.cv-qas{margin:0}',
  '.cv-qa{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:4px 24px;padding:9px 0;border-top:1px solid var(--cv-border)}',
  '.cv-qa dt{color:var(--cv-muted);overflow-wrap:anywhere}',
  '.cv-qa dd{margin:0}',
  '.cv-pager{display:flex;justify-content:space-between;gap:12px;margin:8px 0 0;font-weight:600}',
  '.cv-footer{padding-top:4px;padding-bottom:32px;font-size:13px}',
  '@media (max-width:560px){.cv-wrap{padding:0 14px}.cv-header .cv-wrap{padding-top:20px}.cv-title{font-size:22px}' +
    '.cv-filters{padding:14px}.cv-control{flex:1 1 130px}.cv-actions{margin-left:0;width:100%}.cv-button{flex:1}' +
    '.cv-qa{grid-template-columns:minmax(0,1fr)}.cv-qa dt{font-size:13px;font-weight:600}}',
].join('')
