/**
 * The look of a shown survey, from the project's styling and (when the project allows it and the survey asks
 * for it) the survey's own, plus the survey's project overwrites (brand colour, placement, overlay, click
 * outside to close). Colours become CSS custom properties; only hex colours are taken, so a styling value
 * can never inject CSS.
 */
import type { WidgetProject } from '../shared/survey'
import type { CardArrangement, ColorSetting, Styling } from './types'

export interface Theme {
  /** CSS custom properties for the survey's root (`--cv-…`). */
  vars: Record<string, string>
  cardArrangement: CardArrangement
  hideProgressBar: boolean
  placement: 'bottomLeft' | 'bottomRight' | 'topLeft' | 'topRight' | 'center'
  /** The backdrop behind a modal survey. */
  overlay: 'none' | 'light' | 'dark'
  clickOutsideClose: boolean
  /** `dark` when the theme has a dark look and the respondent's system asks for one. */
  appearance: 'light' | 'dark'
  /** The workspace's logo, shown on a link survey's page unless the styling hides it. */
  logo?: { url: string; bgColor?: string }
}

/** Where the renderer runs: the Canvass it was loaded from (images of its storage come from there) and the system's look. */
export interface ThemeContext {
  appUrl?: string
  prefersDark?: boolean
}

const DEFAULTS = {
  brand: '#334155',
  text: '#0f172a',
  muted: '#475569',
  card: '#ffffff',
  cardBorder: '#e2e8f0',
  input: '#f8fafc',
  inputBorder: '#94a3b8',
  page: '#f1f5f9',
}

/** The dark look's defaults, for a theme with dark mode on that leaves a colour's `dark` unset. */
const DARK_DEFAULTS = {
  text: '#f1f5f9',
  muted: '#cbd5e1',
  card: '#0f172a',
  cardBorder: '#334155',
  input: '#1e293b',
  inputBorder: '#64748b',
  page: '#020617',
}

const PLACEMENTS = new Set(['bottomLeft', 'bottomRight', 'topLeft', 'topRight', 'center'])
const ARRANGEMENTS = new Set(['casual', 'straight', 'simple'])

export function resolveTheme(
  project: WidgetProject,
  survey: { styling?: unknown; projectOverwrites?: unknown; productOverwrites?: unknown },
  mode: 'modal' | 'page',
  context: ThemeContext = {},
): Theme {
  const projectStyling = (isRecord(project.styling) ? project.styling : {}) as Styling
  const surveyStyling = (isRecord(survey.styling) ? survey.styling : {}) as Styling
  const styling: Styling =
    surveyStyling.overwriteThemeStyling === true && projectStyling.allowStyleOverwrite !== false
      ? { ...projectStyling, ...withoutEmpty(surveyStyling) }
      : projectStyling
  const overwrites = (
    isRecord(survey.projectOverwrites) ? survey.projectOverwrites : isRecord(survey.productOverwrites) ? survey.productOverwrites : {}
  ) as Record<string, unknown>

  const dark = styling.isDarkModeEnabled === true && context.prefersDark === true
  const defaults = dark ? { ...DEFAULTS, ...DARK_DEFAULTS } : DEFAULTS
  // A colour of the dark look is its `dark`; a theme that gave none keeps its light one for the brand and the
  // dark defaults for the surfaces, so that text stays readable on them.
  const pick = (setting: ColorSetting | undefined, surface: boolean): string | undefined =>
    dark ? (darkOf(setting) ?? (surface ? undefined : light(setting))) : light(setting)
  const brand = hex(overwrites.brandColor) ?? pick(styling.brandColor, false) ?? defaults.brand
  const text = pick(styling.questionColor, true) ?? defaults.text
  const card = pick(styling.cardBackgroundColor, true) ?? defaults.card
  const input = pick(styling.inputColor, true) ?? defaults.input
  const background = styling.background
  const pageColor = background?.bgType === 'color' ? hex(background.bg) : undefined
  const pageImage = background?.bgType === 'image' || background?.bgType === 'upload' ? imageUrl(background.bg, context.appUrl) : undefined
  const brightness = typeof background?.brightness === 'number' ? clamp(background.brightness, 0, 200) / 100 : 1
  const vars: Record<string, string> = {
    '--cv-brand': brand,
    '--cv-on-brand': readableOn(brand),
    '--cv-brand-soft': mix(brand, card, 0.88),
    '--cv-text': text,
    '--cv-muted': pick(styling.questionColor, true) ? text : defaults.muted,
    '--cv-card': card,
    '--cv-card-border': pick(styling.cardBorderColor, true) ?? defaults.cardBorder,
    '--cv-shadow': pick(styling.cardShadowColor, true) ?? '#0f172a',
    '--cv-input': input,
    '--cv-input-border': pick(styling.inputBorderColor, true) ?? defaults.inputBorder,
    '--cv-highlight': hex(overwrites.highlightBorderColor) ?? pick(styling.highlightBorderColor, false) ?? brand,
    '--cv-radius': `${clamp(typeof styling.roundness === 'number' ? styling.roundness : 8, 0, 32)}px`,
    '--cv-page': (dark ? undefined : pageColor) ?? defaults.page,
    ...(pageImage ? { '--cv-page-image': `url("${pageImage}")`, '--cv-page-brightness': String(brightness) } : {}),
  }
  const logoUrl = isRecord(project.logo) ? imageUrl(project.logo.url, context.appUrl) : undefined
  const logoBg = isRecord(project.logo) ? hex(project.logo.bgColor) : undefined
  const arrangementSetting = mode === 'page' ? styling.cardArrangement?.linkSurveys : styling.cardArrangement?.appSurveys
  const placementSetting = typeof overwrites.placement === 'string' ? overwrites.placement : project.placement
  const placement = (PLACEMENTS.has(placementSetting) ? placementSetting : 'bottomRight') as Theme['placement']
  const darkOverwrite = typeof overwrites.darkOverlay === 'boolean' ? overwrites.darkOverlay : undefined
  // The newer `overlay` setting names the backdrop for any placement; the older `darkOverlay` only says how
  // dark the backdrop of a centred survey is. A survey's overwrite speaks the older language.
  const overlay: Theme['overlay'] =
    darkOverwrite === undefined && (project.overlay === 'none' || project.overlay === 'light' || project.overlay === 'dark')
      ? project.overlay
      : placement === 'center'
        ? (darkOverwrite ?? project.darkOverlay === true)
          ? 'dark'
          : 'light'
        : 'none'
  return {
    vars,
    cardArrangement: (arrangementSetting && ARRANGEMENTS.has(arrangementSetting) ? arrangementSetting : 'straight') as CardArrangement,
    hideProgressBar: styling.hideProgressBar === true,
    placement,
    overlay,
    clickOutsideClose:
      typeof overwrites.clickOutsideClose === 'boolean' ? overwrites.clickOutsideClose : project.clickOutsideClose !== false,
    appearance: dark ? 'dark' : 'light',
    ...(logoUrl && styling.isLogoHidden !== true ? { logo: { url: logoUrl, ...(logoBg ? { bgColor: logoBg } : {}) } } : {}),
  }
}

/**
 * An image's address as CSS and `<img>` may use it: https, or a file of the Canvass the renderer came from
 * (`/storage/…`, made absolute against `appUrl`, since a widget runs on another origin). Anything else is
 * undefined. The parsed form percent-encodes quotes and drops line breaks, so it is safe inside `url("…")`.
 */
export function imageUrl(value: unknown, appUrl: string | undefined): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  try {
    if (value.startsWith('/storage/')) {
      if (!appUrl) return undefined
      const base = new URL(appUrl)
      const url = new URL(`${base.pathname.replace(/\/$/, '')}${value}`, base)
      return url.origin === base.origin ? url.href : undefined
    }
    const url = new URL(value)
    return url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** The custom properties as a CSS declaration block. */
export function cssVariables(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `${name}:${value};`)
    .join('')
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/** A hex colour as given, or undefined for anything else. */
export function hex(value: unknown): string | undefined {
  return typeof value === 'string' && HEX.test(value.trim()) ? value.trim() : undefined
}

function light(setting: ColorSetting | undefined): string | undefined {
  return isRecord(setting) ? hex(setting.light) : undefined
}

/** `styling` without its null and undefined fields: a survey's unset field keeps the workspace's. */
function withoutEmpty(styling: Styling): Styling {
  return Object.fromEntries(Object.entries(styling).filter(([, value]) => value !== null && value !== undefined)) as Styling
}

function darkOf(setting: ColorSetting | undefined): string | undefined {
  return isRecord(setting) ? hex(setting.dark) : undefined
}

/** `[r, g, b]` of a hex colour (alpha ignored). */
export function rgb(color: string): [number, number, number] {
  let digits = color.slice(1)
  if (digits.length <= 4) digits = [...digits.slice(0, 3)].map((d) => d + d).join('')
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance. */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff'
}

/** `a` mixed into `b`: `weight` 0 is `a`, 1 is `b`. */
export function mix(a: string, b: string, weight: number): string {
  const ca = rgb(a)
  const cb = rgb(b)
  return `#${ca
    .map((channel, i) =>
      Math.round(channel * (1 - weight) + (cb[i] as number) * weight)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

const clamp = (value: number, min: number, max: number) => (Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
