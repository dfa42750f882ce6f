/**
 * The lines and the summary of an import's report (docs/api.md, "Survey export and import in v3"). A line's
 * `code` is stable and machine-readable, its `message` English prose made from the code and its `vars`.
 */
export interface ImportIssue {
  /** `error` stops the import; `warning` changed the document; `info` is worth knowing. */
  severity: 'error' | 'warning' | 'info'
  code: string
  /** The document path the line is about (`blocks.2.elements.0.headline`). */
  path?: string
  message: string
  vars?: Record<string, unknown>
}

const MESSAGES: Record<string, (vars: Record<string, unknown>) => string> = {
  invalid_document: (vars) => `The document cannot be imported: ${String(vars.detail ?? 'it is invalid')}`,
  export_format_unsupported: (vars) =>
    `The file has export format ${String(vars.format)}, newer than this instance reads (1). Export it again from an instance of this version.`,
  legacy_questions_unsupported: () => 'The document uses the legacy question format: export it again, or send its blocks.',
  unknown_field_stripped: (vars) => `The field ${String(vars.field)} is not part of a survey document and was not imported.`,
  status_reset: (vars) => `The survey was ${String(vars.status)} when exported; an import is always a draft.`,
  schedule_cleared: () => 'The publish and close dates were not imported.',
  slug_not_imported: () => 'The link slug was not imported.',
  targeting_not_imported: () => 'Targeting was not imported: set the audience of the survey in this workspace.',
  settings_not_exported: () =>
    'Styling, follow-ups, quotas, survey settings, custom CSS and responses are not part of an export and were not imported.',
  trigger_mapped: (vars) => `The trigger uses this workspace's action class "${String(vars.name)}".`,
  trigger_created: (vars) => `The action class "${String(vars.name)}" was created for the trigger.`,
  trigger_would_be_created: (vars) => `The action class "${String(vars.name)}" will be created for the trigger.`,
  trigger_dropped: (vars) => `The trigger names an action class (${String(vars.id)}) the file does not define, and was removed.`,
}

/** One report line. */
export function importIssue(
  severity: ImportIssue['severity'],
  code: string,
  path?: string,
  vars?: Record<string, unknown>,
  message?: string,
): ImportIssue {
  const text = message ?? MESSAGES[code]?.(vars ?? {}) ?? code
  return { severity, code, ...(path !== undefined ? { path } : {}), message: text, ...(vars !== undefined ? { vars } : {}) }
}

/** The report's counts of a document (zeros for none). */
export function importSummary(document: Record<string, unknown> | null) {
  const blocks = Array.isArray(document?.blocks) ? document.blocks.filter(isRecord) : []
  const languages = Array.isArray(document?.languages) ? document.languages.filter(isRecord) : []
  const codes = new Set<string>()
  if (typeof document?.defaultLanguage === 'string') codes.add(document.defaultLanguage)
  for (const language of languages) if (typeof language.code === 'string') codes.add(language.code)
  const hidden = isRecord(document?.hiddenFields) && Array.isArray(document.hiddenFields.fieldIds) ? document.hiddenFields.fieldIds : []
  return {
    blocks: blocks.length,
    elements: blocks.reduce((count, block) => count + (Array.isArray(block.elements) ? block.elements.length : 0), 0),
    endings: Array.isArray(document?.endings) ? document.endings.length : 0,
    languages: [...codes],
    logicRules: blocks.reduce((count, block) => count + (Array.isArray(block.logic) ? block.logic.length : 0), 0),
    // Canvass imports the reference's own files only: no source logic is ever described instead of imported.
    logicRulesReported: 0,
    hiddenFields: hidden.length,
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
