/** The rules of the answers' lists (`answers.tsx`), scoped under `.cv-results` with the rest of `RESULTS_STYLE`. */
export const ANSWER_RULES: Array<[string, string]> = [
  ['.cv-answer-search', 'display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px;margin:0 0 12px'],
  ['.cv-answer-search label', 'flex:1 0 100%;font-size:13px;font-weight:600;color:var(--cv-muted)'],
  [
    '.cv-answer-search input[type=search]',
    'flex:1 1 12em;min-width:0;font:inherit;color:var(--cv-text);background:var(--cv-bg);border:1px solid var(--cv-border);border-radius:8px;padding:0 10px;height:40px',
  ],
  ['.cv-answer-fields', 'display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0'],
  ['.cv-answer-fields div', 'display:contents'],
  ['.cv-answer-fields dt', 'color:var(--cv-muted);font-size:13px'],
  ['.cv-answer-fields dd', 'margin:0;overflow-wrap:anywhere'],
  ['.cv-files', 'list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 12px'],
  ['.cv-list .cv-files li', 'display:inline;padding:0;border:0'],
  ['.cv-more', 'margin:4px 0 0'],
  [
    '.cv-file-link',
    'font:inherit;background:none;border:0;padding:0;color:var(--cv-accent);text-decoration:underline;text-underline-offset:3px;cursor:pointer;text-align:left;overflow-wrap:anywhere',
  ],
]
