import * as v from 'valibot'
import { strictObject } from './strict-object'

/**
 * A workspace's theme (docs/api.md, "Workspace styling"): the reference's project `styling` and `logo`, checked
 * field by field. Colours are hex only and images come over https or from this Canvass's own storage, so a
 * theme can never carry CSS or a request to a place a respondent did not expect. Unknown fields are a 400
 * naming them.
 */

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/

/** A hex colour: `#abc`, `#aabbcc` or `#aabbccdd`. */
export const hexColorSchema = v.pipe(v.string(), v.regex(HEX, 'Must be a colour written as # and 3, 6 or 8 hex digits, like #1e293b'))

/** One colour of the theme: for the light look, and optionally for the dark one. */
const colorSchema = strictObject({ light: hexColorSchema, dark: v.optional(v.nullable(hexColorSchema)) })

/** Whether `url` is an https address, or a path of this Canvass's own file storage (`/storage/…`). */
export function allowedImageUrl(url: string): boolean {
  if (/^\/storage\/[A-Za-z0-9_-]+\/(?:public|private)\/[^/?#\s]+$/.test(url)) return true
  if (!/^https:\/\//i.test(url)) return false
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === ''
  } catch {
    return false
  }
}

/** An image's address: https, or this Canvass's file storage. */
export const imageUrlSchema = v.pipe(
  v.string(),
  v.maxLength(2048, 'Must be at most 2,048 characters'),
  v.check(allowedImageUrl, 'Must be an https address, or a file uploaded to this Canvass (/storage/…)'),
)

/** The page behind a link survey: a colour, or an image (with how bright it shows, 0 to 200 per cent). */
const backgroundSchema = v.pipe(
  strictObject({
    bgType: v.picklist(['color', 'image', 'upload'], 'Must be "color", "image" or "upload"'),
    bg: v.string(),
    brightness: v.optional(v.nullable(v.pipe(v.number(), v.integer('Must be a whole number'), v.minValue(0), v.maxValue(200)))),
  }),
  v.forward(
    v.check(
      (background) => (background.bgType === 'color' ? HEX.test(background.bg) : allowedImageUrl(background.bg)),
      'Must be a hex colour for "color", else an https address or a file uploaded to this Canvass',
    ),
    ['bg'],
  ),
)

const arrangement = v.picklist(['casual', 'straight', 'simple'], 'Must be "casual", "straight" or "simple"')

/** The fields a theme has, a workspace's and a survey's alike (the reference's `ZBaseStyling`). */
export const baseStylingEntries = {
  brandColor: v.optional(v.nullable(colorSchema)),
  questionColor: v.optional(v.nullable(colorSchema)),
  inputColor: v.optional(v.nullable(colorSchema)),
  inputBorderColor: v.optional(v.nullable(colorSchema)),
  cardBackgroundColor: v.optional(v.nullable(colorSchema)),
  cardBorderColor: v.optional(v.nullable(colorSchema)),
  cardShadowColor: v.optional(v.nullable(colorSchema)),
  highlightBorderColor: v.optional(v.nullable(colorSchema)),
  isDarkModeEnabled: v.optional(v.nullable(v.boolean())),
  roundness: v.optional(v.nullable(v.pipe(v.number(), v.integer('Must be a whole number'), v.minValue(0), v.maxValue(32)))),
  cardArrangement: v.optional(v.nullable(strictObject({ linkSurveys: arrangement, appSurveys: arrangement }))),
  background: v.optional(v.nullable(backgroundSchema)),
  hideProgressBar: v.optional(v.nullable(v.boolean())),
  isLogoHidden: v.optional(v.nullable(v.boolean())),
}

/** A workspace's `styling`: the theme, and whether a survey may replace it with its own. */
export const projectStylingSchema = strictObject({ ...baseStylingEntries, allowStyleOverwrite: v.optional(v.boolean()) })

/**
 * A survey's own `styling` in v3 documents (a Canvass addition): the theme's fields, and whether they replace the
 * workspace's (`overwriteThemeStyling`).
 */
export const surveyStylingSchema = strictObject({ ...baseStylingEntries, overwriteThemeStyling: v.optional(v.nullable(v.boolean())) })

/** The workspace's logo: an image, and the colour behind it. */
export const projectLogoSchema = strictObject({ url: imageUrlSchema, bgColor: v.optional(v.nullable(hexColorSchema)) })

/** Body of `PUT /api/v1/management/styling`: both fields, each replaced as a whole (`null` clears it). */
export const projectStylingUpdateSchema = strictObject({
  styling: v.nullable(projectStylingSchema),
  logo: v.nullable(projectLogoSchema),
})

export type ProjectStylingInput = v.InferOutput<typeof projectStylingUpdateSchema>
