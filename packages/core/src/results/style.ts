/**
 * The results' one style sheet, for the console and the shared results page alike: `cv-` classes under
 * `.cv-results` (so that nothing leaks into the page around it), colours as custom properties set on
 * `.cv-results`, and nothing loaded from anywhere. A page may give dark colours by setting the same properties.
 */
import { DESIGN_TOKENS } from '../design-tokens'
import { ANSWER_RULES } from './answer-style'

const { color } = DESIGN_TOKENS

/**
 * The light colours, the design tokens' where they have one; the shared results page sets the dark ones under
 * `prefers-color-scheme: dark`.
 */
export const RESULTS_LIGHT =
  `--cv-bg:#f5f6f8;--cv-surface:${color.background};--cv-border:#e1e4ea;--cv-text:${color.text};--cv-muted:${color.muted};` +
  `--cv-accent:${color.accent};--cv-accent-soft:${color.accentSoft};--cv-track:#eceef2;--cv-good:#1b7f4b;--cv-neutral:#a0a7b4;` +
  '--cv-bad:#c8392e;--cv-other:#8a93a3;--cv-heat-1:#eef2fd;--cv-heat-2:#d8e1fa;--cv-heat-3:#b9c9f6;--cv-heat-4:#93acf0;' +
  `--cv-focus:${color.accent}`
export const RESULTS_DARK =
  '--cv-bg:#0e1015;--cv-surface:#171a21;--cv-border:#2a303b;--cv-text:#e7e9ee;--cv-muted:#a3aab7;--cv-accent:#7d9bff;' +
  '--cv-accent-soft:#1f2a4a;--cv-track:#252a34;--cv-good:#43b97a;--cv-neutral:#6b7383;--cv-bad:#ef6a5f;--cv-other:#6b7383;' +
  '--cv-heat-1:#1a2236;--cv-heat-2:#1f2d52;--cv-heat-3:#27396b;--cv-heat-4:#304888;--cv-focus:#9db4ff'

const RULES: Array<[string, string]> = [
  ['.cv-section', 'margin:0 0 20px'],
  ['.cv-card', 'background:var(--cv-surface);border:1px solid var(--cv-border);border-radius:12px;padding:20px 22px'],
  ['.cv-card h2', 'margin:0 0 6px;font-size:18px;line-height:1.35;font-weight:650;overflow-wrap:anywhere'],
  ['.cv-card h3', 'margin:0 0 6px;font-size:15px;font-weight:650;overflow-wrap:anywhere'],
  ['.cv-eyebrow', 'margin:0 0 4px;font-size:12px;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:var(--cv-muted)'],
  ['.cv-card-head', 'margin-bottom:14px'],
  ['.cv-card-head .cv-eyebrow', 'margin-bottom:2px'],
  ['.cv-card p', 'margin:0 0 10px'],
  ['.cv-muted', 'color:var(--cv-muted)'],
  ['.cv-card p.cv-muted:last-child', 'margin-bottom:0'],
  ['.cv-num', 'font-variant-numeric:tabular-nums'],
  ['.cv-stats', 'display:grid;grid-template-columns:repeat(5,1fr);gap:12px;margin:0;padding:0'],
  ['.cv-stat', 'background:var(--cv-surface);border:1px solid var(--cv-border);border-radius:12px;padding:14px 16px;min-width:0'],
  ['.cv-stat dt', 'font-size:13px;color:var(--cv-muted);font-weight:600'],
  ['.cv-stat dd', 'margin:4px 0 0'],
  ['.cv-stat-value', 'display:block;font-size:26px;line-height:1.2;font-weight:650'],
  ['.cv-stat-note', 'display:block;font-size:13px;color:var(--cv-muted);margin-top:2px'],
  ['.cv-big', 'font-size:22px;font-weight:650;margin:0 0 4px'],
  ['.cv-big .cv-muted', 'font-size:15px;font-weight:400'],
  ['.cv-score', 'margin-bottom:14px'],
  ['.cv-bars', 'list-style:none;margin:0;padding:0;display:grid;gap:12px'],
  ['.cv-bar-head', 'display:flex;justify-content:space-between;gap:12px;margin-bottom:4px'],
  ['.cv-bar-label', 'overflow-wrap:anywhere;min-width:0'],
  ['.cv-bar-nums', 'white-space:nowrap;color:var(--cv-muted);margin-left:auto'],
  ['.cv-bar-nums .cv-num:first-child', 'color:var(--cv-text);font-weight:600'],
  ['.cv-bar', 'display:block;width:100%;height:10px'],
  ['.cv-bar-wide', 'height:16px;border-radius:6px;overflow:hidden;margin:6px 0 10px'],
  ['.cv-bar-track', 'fill:var(--cv-track)'],
  ['.cv-bar-fill', 'fill:var(--cv-accent)'],
  ['.cv-tone-good', 'fill:var(--cv-good);background:var(--cv-good)'],
  ['.cv-tone-neutral', 'fill:var(--cv-neutral);background:var(--cv-neutral)'],
  ['.cv-tone-bad', 'fill:var(--cv-bad);background:var(--cv-bad)'],
  ['.cv-tone-muted', 'fill:var(--cv-other);background:var(--cv-other)'],
  ['.cv-legend', 'list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px 20px'],
  ['.cv-dot', 'display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px'],
  ['.cv-histogram', 'list-style:none;margin:0;padding:0;display:flex;gap:8px;align-items:stretch'],
  ['.cv-legend+.cv-histogram', 'margin-top:20px'],
  ['.cv-histogram li', 'flex:1 1 0;min-width:0;display:flex;flex-direction:column;align-items:center;gap:4px'],
  ['.cv-col-nums', 'display:flex;flex-direction:column;align-items:center;font-size:13px;line-height:1.3'],
  ['.cv-col-nums .cv-num:first-child', 'font-weight:600'],
  ['.cv-col', 'display:block;width:100%;max-width:56px;height:110px;background:var(--cv-track);border-radius:4px'],
  ['.cv-col-label', 'font-weight:600;color:var(--cv-muted)'],
  ['.cv-scroll', 'overflow-x:auto;-webkit-overflow-scrolling:touch'],
  ['.cv-table', 'width:100%;border-collapse:collapse;font-size:14px;margin:0'],
  ['.cv-table th,.cv-table td', 'padding:8px 10px;border-bottom:1px solid var(--cv-border);text-align:right;vertical-align:top'],
  ['.cv-table th[scope=row],.cv-table thead th:first-child', 'text-align:left;overflow-wrap:anywhere;min-width:10em'],
  ['.cv-table th[scope=row]', 'font-weight:500;color:var(--cv-text)'],
  ['.cv-table thead th', 'font-size:13px;color:var(--cv-muted);font-weight:600'],
  ['.cv-table tbody tr:last-child th,.cv-table tbody tr:last-child td', 'border-bottom:0'],
  ['.cv-matrix', 'width:auto;min-width:60%'],
  ['.cv-matrix td', 'text-align:center;border:2px solid var(--cv-surface);border-radius:6px;min-width:96px'],
  ['.cv-matrix th[scope=row]', 'vertical-align:middle;padding-right:16px'],
  ['.cv-matrix thead th', 'text-align:center'],
  ['.cv-matrix .cv-num', 'display:block;font-weight:600'],
  ['.cv-cell-pct', 'display:block;font-size:12px;color:var(--cv-muted)'],
  ['.cv-heat-0', 'background:var(--cv-bg)'],
  ['.cv-heat-1', 'background:var(--cv-heat-1)'],
  ['.cv-heat-2', 'background:var(--cv-heat-2)'],
  ['.cv-heat-3', 'background:var(--cv-heat-3)'],
  ['.cv-heat-4', 'background:var(--cv-heat-4)'],
  ['.cv-heat-3 .cv-cell-pct,.cv-heat-4 .cv-cell-pct', 'color:var(--cv-text)'],
  ['.cv-ranking', 'counter-reset:cv-rank'],
  ['.cv-ranking li', 'counter-increment:cv-rank'],
  ['.cv-ranking .cv-bar-label::before', 'content:counter(cv-rank) ". ";font-weight:650;color:var(--cv-muted)'],
  ['.cv-list', 'list-style:none;margin:0 0 10px;padding:0'],
  ['.cv-list li', 'display:flex;justify-content:space-between;gap:16px;padding:8px 0;border-bottom:1px solid var(--cv-border)'],
  ['.cv-list li:last-child', 'border-bottom:0'],
  ['.cv-answer', 'overflow-wrap:anywhere;white-space:pre-line;min-width:0'],
  ['.cv-when', 'white-space:nowrap;font-size:13px'],
  ['.cv-details', 'margin-top:14px'],
  ['.cv-details summary', 'cursor:pointer;color:var(--cv-accent);font-weight:600'],
  ['.cv-details .cv-list', 'margin-top:8px'],
  ['.cv-funnel-nums', 'color:var(--cv-muted);margin-left:auto;text-align:right'],
  ['.cv-funnel-legend', 'margin-top:14px'],
  ['.cv-sr', 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0'],
]

const NARROW: Array<[string, string]> = [
  ['.cv-stats', 'grid-template-columns:repeat(2,1fr)'],
  ['.cv-stat:last-child', 'grid-column:1/-1'],
]

const PHONE: Array<[string, string]> = [
  ['.cv-card', 'padding:16px'],
  ['.cv-stat-value', 'font-size:22px'],
  ['.cv-bar-head', 'flex-wrap:wrap;gap:2px 12px'],
  ['.cv-histogram', 'gap:4px'],
  ['.cv-histogram-wide .cv-col-nums', 'font-size:11px'],
  ['.cv-list li', 'flex-direction:column;gap:2px'],
  ['.cv-table', 'font-size:13px'],
  ['.cv-table th,.cv-table td', 'padding:8px 5px'],
  ['.cv-table th[scope=row],.cv-table thead th:first-child', 'min-width:0'],
  ['.cv-matrix td', 'min-width:64px'],
]

/** The rules under `.cv-results`: each selector of a rule is prefixed. */
const scoped = (rules: Array<[string, string]>) =>
  rules
    .map(
      ([selectors, body]) =>
        `${selectors
          .split(',')
          .map((selector) => `.cv-results ${selector}`)
          .join(',')}{${body}}`,
    )
    .join('')

export const RESULTS_STYLE =
  `.cv-results{${RESULTS_LIGHT};color:var(--cv-text)}` +
  scoped([...RULES, ...ANSWER_RULES]) +
  `@media (max-width:860px){${scoped(NARROW)}}` +
  `@media (max-width:560px){${scoped(PHONE)}}`
