import type { SurveyRecord } from '@canvass/core'
import type { Insertable, Selectable } from 'kysely'
import type { SurveysTable } from '../postgres/database'
import { storedCss } from './stored-css'
import { toJsonb } from './to-jsonb'

/** The row of a survey; `id`, `environment_id` and `created_at` included (updates leave them out). */
export function toSurveyRow(survey: SurveyRecord): Insertable<SurveysTable> {
  return {
    id: survey.id,
    environment_id: survey.environmentId,
    created_at: survey.createdAt,
    updated_at: survey.updatedAt,
    name: survey.name,
    type: survey.type,
    status: survey.status,
    created_by: survey.createdBy,
    delay: survey.delay,
    display_option: survey.displayOption,
    display_limit: survey.displayLimit,
    display_percentage: survey.displayPercentage,
    auto_close: survey.autoClose,
    auto_complete: survey.autoComplete,
    close_on_date: survey.closeOnDate,
    run_on_date: survey.runOnDate,
    recontact_days: survey.recontactDays,
    pin: survey.pin,
    redirect_url: survey.redirectUrl,
    result_share_key: survey.resultShareKey,
    show_language_switch: survey.showLanguageSwitch,
    is_verify_email_enabled: survey.isVerifyEmailEnabled,
    is_back_button_hidden: survey.isBackButtonHidden,
    is_auto_progressing_enabled: survey.isAutoProgressingEnabled,
    segment_id: survey.segmentId,
    response_retention_days: survey.responseRetentionDays,
    questions: toJsonb(survey.questions),
    blocks: toJsonb(survey.blocks),
    endings: toJsonb(survey.endings),
    variables: toJsonb(survey.variables),
    welcome_card: toJsonb(survey.welcomeCard, true),
    hidden_fields: toJsonb(survey.hiddenFields, true),
    single_use: toJsonb(survey.singleUse, true),
    languages: toJsonb(survey.languages),
    triggers: toJsonb(survey.triggers),
    styling: toJsonb(survey.styling, true),
    survey_closed_message: toJsonb(survey.surveyClosedMessage, true),
    product_overwrites: toJsonb(survey.productOverwrites, true),
    // Written only when the record carries them (see `SurveyRecord`): a write that leaves them out keeps them.
    ...(survey.archivedAt !== undefined ? { archived_at: survey.archivedAt } : {}),
    ...(survey.metadata !== undefined ? { metadata: toJsonb(survey.metadata) } : {}),
    ...(survey.customCss !== undefined ? { custom_css: toJsonb(survey.customCss, true) } : {}),
  }
}

/**
 * `next` as stored once written over `current`: the fields `toSurveyRow` writes only when the record carries
 * them (see `SurveyRecord`) are `current`'s where `next` leaves them out.
 */
export function withKeptFields(next: SurveyRecord, current: SurveyRecord): SurveyRecord {
  return {
    ...next,
    archivedAt: next.archivedAt === undefined ? current.archivedAt : next.archivedAt,
    metadata: next.metadata ?? current.metadata,
    customCss: next.customCss === undefined ? current.customCss : next.customCss,
  }
}

export function toSurveyRecord(row: Selectable<SurveysTable>): SurveyRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    name: row.name,
    type: row.type,
    status: row.status,
    createdBy: row.created_by,
    delay: row.delay,
    displayOption: row.display_option,
    displayLimit: row.display_limit,
    displayPercentage: row.display_percentage,
    autoClose: row.auto_close,
    autoComplete: row.auto_complete,
    closeOnDate: row.close_on_date,
    runOnDate: row.run_on_date,
    recontactDays: row.recontact_days,
    pin: row.pin,
    redirectUrl: row.redirect_url,
    resultShareKey: row.result_share_key,
    showLanguageSwitch: row.show_language_switch,
    isVerifyEmailEnabled: row.is_verify_email_enabled,
    isBackButtonHidden: row.is_back_button_hidden,
    isAutoProgressingEnabled: row.is_auto_progressing_enabled,
    segmentId: row.segment_id,
    responseRetentionDays: row.response_retention_days,
    questions: row.questions,
    blocks: row.blocks,
    endings: row.endings,
    variables: row.variables,
    welcomeCard: row.welcome_card,
    hiddenFields: row.hidden_fields,
    singleUse: row.single_use,
    languages: row.languages,
    triggers: row.triggers,
    styling: row.styling,
    surveyClosedMessage: row.survey_closed_message,
    archivedAt: row.archived_at,
    metadata: row.metadata,
    customCss: storedCss(row.custom_css),
    productOverwrites: row.product_overwrites,
  }
}
