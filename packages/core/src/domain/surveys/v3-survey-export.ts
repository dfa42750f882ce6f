import type { CanvassContext } from '../../context'
import { v3Unprocessable } from '../../http/v3'
import type { ActionClassRecord, SurveyRecord } from '../../ports/storage/index'
import { SURVEY_EXPORT_FORMAT } from '../../schemas/v3-survey-files'
import { v3SurveyOutput } from './v3-survey'

/**
 * The `.formbricks.json` envelope of a survey (docs/api.md, "Survey export and import in v3"): export metadata,
 * the survey's v3 document without what binds it to this instance, and the action classes its triggers name.
 * Only the reference's document travels: Canvass's survey settings (styling, custom CSS, single use, PIN,
 * close date, language switch, workspace overwrites), targeting and responses stay behind.
 */
export interface SurveyExportEnvelope {
  formbricks: {
    exportFormat: typeof SURVEY_EXPORT_FORMAT
    exportedAt: string
    appVersion: string
    source: { url: string; workspaceId: string; surveyId: string }
  }
  survey: Record<string, unknown>
  references: { actionClasses: SurveyExportActionClass[] }
}

export interface SurveyExportActionClass {
  id: string
  name: string
  key: string | null
  type: 'code' | 'noCode'
  noCodeConfig: Record<string, unknown> | null
  description: string | null
}

/** What the envelope names as the software that wrote it: Canvass does not stamp its release into files. */
export const EXPORT_APP_VERSION = 'canvass'

/**
 * The envelope of `survey` (a survey of its environment), or a 422 naming `survey.blocks` when it has no
 * question: an empty survey cannot be created again.
 */
export async function surveyExportEnvelope(
  ctx: CanvassContext,
  survey: SurveyRecord,
  workspaceId: string,
  publicUrl: string,
): Promise<SurveyExportEnvelope> {
  const now = ctx.now()
  const output = v3SurveyOutput(survey, workspaceId, null, now)
  const blocks = output.blocks as Array<{ elements?: unknown }>
  if (!blocks.some((block) => Array.isArray(block.elements) && block.elements.length > 0)) {
    throw v3Unprocessable('Survey cannot be exported in its current state', [
      { name: 'survey.blocks', reason: 'Empty surveys cannot be exported. Add at least one question first.' },
    ])
  }
  const isApp = output.type !== 'link'
  const triggers = isApp ? (output.distribution?.triggers ?? []) : []
  const actionClasses: SurveyExportActionClass[] = []
  for (const { actionClassId } of triggers) {
    const record = await ctx.storage.actionClasses.get(survey.environmentId, actionClassId)
    if (record && !actionClasses.some((listed) => listed.id === record.id)) actionClasses.push(exportedActionClass(record))
  }
  return {
    formbricks: {
      exportFormat: SURVEY_EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      appVersion: EXPORT_APP_VERSION,
      source: { url: publicUrl, workspaceId, surveyId: survey.id },
    },
    survey: {
      name: output.name,
      // Canvass's `website` surveys are in-app surveys: the reference knows them as `app`.
      type: isApp ? 'app' : 'link',
      status: output.status,
      metadata: output.metadata,
      defaultLanguage: output.defaultLanguage,
      // An alias names a language in this workspace only: the document's languages are codes.
      languages: output.languages.map((language) => ({ code: language.code, default: language.default, enabled: language.enabled })),
      welcomeCard: output.welcomeCard,
      blocks: output.blocks,
      endings: output.endings,
      hiddenFields: output.hiddenFields,
      variables: output.variables,
      ...(isApp && output.distribution ? { distribution: output.distribution } : {}),
    },
    references: { actionClasses },
  }
}

function exportedActionClass(record: ActionClassRecord): SurveyExportActionClass {
  const config = record.noCodeConfig
  return {
    id: record.id,
    name: record.name,
    key: record.type === 'code' ? record.key : null,
    // Canvass's built-in `New Session` (`automatic`) is a no-code class to v3, as `GET /api/v3/action-classes` lists it.
    type: record.type === 'code' ? 'code' : 'noCode',
    noCodeConfig: record.type === 'noCode' && typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : null,
    description: record.description,
  }
}
