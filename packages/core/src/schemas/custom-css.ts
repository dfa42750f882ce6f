import * as v from 'valibot'
import { CUSTOM_CSS_MAX_FIELD_CHARS } from '../domain/css/custom-css'

const field = v.nullable(
  v.pipe(v.string(), v.maxLength(CUSTOM_CSS_MAX_FIELD_CHARS, `Must be at most ${CUSTOM_CSS_MAX_FIELD_CHARS} characters`)),
)

/**
 * Custom CSS source as a body carries it, a workspace's or a survey's: `{light, dark}`, both keys, each a string
 * of at most 100,000 characters or null (docs/api.md, "Workspace custom CSS in v3").
 */
export const customCssSourceSchema = v.strictObject({ light: field, dark: field })
