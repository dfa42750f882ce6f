/**
 * A workspace's custom CSS between the routes, the store and the pages (docs/api.md, "Workspace custom CSS in v3"): its
 * budget per key, whether what is stored is served, and what the widget and the link page get.
 */
import type { Caller } from '../auth/authenticate'
import type { CanvassContext } from '../context'
import { CanvassError } from '../errors'
import { V3Problem } from '../http/v3'
import * as v from 'valibot'
import { customCssSourceSchema } from '../schemas/custom-css'
import type { StoredCustomCss } from '../ports/storage'
import {
  CUSTOM_CSS_PROCESSOR_VERSION,
  type CustomCssError,
  type CustomCssScope,
  type CustomCssSource,
  type CustomCssWarning,
  customCssHealth,
  normalizeCustomCss,
  processCustomCss,
} from './custom-css'

/** Saves and previews that process CSS, per API key: 60 a minute, as the reference. */
export const CUSTOM_CSS_BUDGET = { limit: 60, windowMs: 60_000 } as const

/**
 * Counts one processing of CSS against the caller's budget: its key's, or a console person's (a console caller
 * has no key); over it, a 429 with `Retry-After`.
 */
export async function chargeCustomCss(ctx: CanvassContext, caller: Pick<Caller, 'environmentId' | 'apiKeyId' | 'console'>): Promise<void> {
  const now = ctx.now()
  // The library's editor tokens carry no key: they share their environment's budget.
  const who = caller.console
    ? `console:${caller.console.personId ?? caller.console.projectId}`
    : caller.apiKeyId || `environment:${caller.environmentId}`
  const [count] = await ctx.customCssLimiter.hit([{ key: `custom-css:${who}`, windowMs: CUSTOM_CSS_BUDGET.windowMs }], now)
  if (count && count.count > CUSTOM_CSS_BUDGET.limit) {
    const seconds = Math.max(1, Math.ceil((count.resetAt.getTime() - now.getTime()) / 1000))
    throw new CanvassError('too_many_requests', 'Too many custom CSS saves or previews, please try again later', {
      headers: { 'retry-after': String(seconds) },
    })
  }
}

/** What a survey page and the widget insert for a project: compiled CSS, or null when there is none to serve. */
export async function deliveredCustomCss(ctx: CanvassContext, projectId: string): Promise<CustomCssSource | null> {
  const stored = await ctx.storage.projects.getCustomCss(projectId)
  const health = customCssHealth(stored?.current ?? null)
  return health.status === 'withheld' ? null : health.compiled
}

/** `POST /api/v3/surveys/validate` with `operation: customCss`: the body beside `operation`. */
export const customCssValidationFields = {
  workspaceId: v.pipe(v.string(), v.maxLength(255)),
  scope: v.picklist(['workspace', 'survey']),
  surveyId: v.optional(v.pipe(v.string(), v.maxLength(255))),
  data: v.strictObject({ customCss: v.nullable(customCssSourceSchema) }),
}

/**
 * A preview of custom CSS as a save would process it, writing nothing: `valid`, the compiled CSS and the
 * warnings, or the errors. The workspace (and the survey, when named) must be the key's: else `forbidden`.
 */
export async function previewCustomCss(
  ctx: CanvassContext,
  caller: Pick<Caller, 'environmentId' | 'apiKeyId' | 'console'>,
  input: v.InferOutput<v.ObjectSchema<typeof customCssValidationFields, undefined>>,
): Promise<Record<string, unknown> | 'forbidden'> {
  const environment = await ctx.storage.environments.get(caller.environmentId)
  if (!environment || (input.workspaceId !== caller.environmentId && input.workspaceId !== environment.projectId)) return 'forbidden'
  if (input.surveyId !== undefined) {
    const survey = await ctx.storage.surveys.get(input.surveyId)
    if (input.scope !== 'survey' || survey?.environmentId !== caller.environmentId) return 'forbidden'
  }
  const source = normalizeCustomCss(input.data.customCss)
  if (source === null)
    return { valid: true, operation: 'customCss', invalid_params: [], customCss: { light: null, dark: null }, warnings: [] }
  await chargeCustomCss(ctx, caller)
  const result = processCustomCss(source, input.scope)
  if (result.ok) return { valid: true, operation: 'customCss', invalid_params: [], customCss: result.compiled, warnings: result.warnings }
  const invalidParams = result.errors.map((error) => ({
    name: `customCss${error.appearance ? `.${error.appearance}` : ''}`,
    reason: error.reason,
  }))
  return { valid: false, operation: 'customCss', invalid_params: invalidParams, errors: result.errors }
}

/**
 * `source` (not blank) processed for `scope` as a save stores it, with what the processor removed; charged to
 * the caller's budget unless `charge` is false (the stored source saved again). CSS the processor refuses is
 * the 422 of `customCssRefused`.
 */
export async function customCssForSave(
  ctx: CanvassContext,
  caller: Pick<Caller, 'environmentId' | 'apiKeyId' | 'console'>,
  source: CustomCssSource,
  scope: CustomCssScope,
  charge = true,
): Promise<{ stored: StoredCustomCss; warnings: CustomCssWarning[] }> {
  if (charge) await chargeCustomCss(ctx, caller)
  const result = processCustomCss(source, scope)
  if (!result.ok) throw customCssRefused(result.errors)
  return { stored: { source, compiled: result.compiled, processorVersion: CUSTOM_CSS_PROCESSOR_VERSION }, warnings: result.warnings }
}

/** The 422 of custom CSS the processor refused: each field in `invalid_params`, the located errors in `details`. */
export function customCssRefused(errors: CustomCssError[]): V3Problem {
  const invalidParams = errors.map((error) => ({
    name: error.appearance ? `customCss.${error.appearance}` : 'customCss',
    reason: error.line !== null ? `${error.reason} (line ${error.line}, column ${error.column})` : error.reason,
  }))
  return new V3Problem(422, 'Custom CSS failed validation', invalidParams, undefined, { errors })
}
