/**
 * What a link survey page shows, and its HTML: the survey (the renderer, `/js/surveys.umd.cjs`, draws it from
 * the JSON the page embeds), a PIN prompt, or a page that says why there is no survey to answer. No page
 * loads anything from another origin.
 */
import { escapeHtml, jsonForScript } from '../http/html'
import { surveyBlocks } from '../domain/surveys/survey-structure'
import type { SurveyRecord } from '../ports/storage'
import { stateLanguage } from '../domain/environments/environment-state'
import { deliveredSurveyCss } from '../domain/css/custom-css'
import { acceptedLanguages, matchAnyLanguage, matchLanguage } from '../language-match'

/** What the page hands `formbricksSurveys.renderSurvey` (the survey, the project and the query's parts). */
export interface LinkPageBoot {
  environmentId: string
  survey: Record<string, unknown>
  project: Record<string, unknown>
  languageCode?: string
  hiddenFields: Record<string, string>
  /** Answers prefilled from the URL, by question id (`link-prefill.ts`); absent when there are none. */
  prefill?: Record<string, string | number | string[]>
  /** `?skipPrefilled=true`: the questions answered by `prefill` are passed over. */
  skipPrefilled?: boolean
  singleUseId?: string
  /** The proof of the survey's PIN, once the right one was entered; sent with the response. */
  pinAuthToken?: string
  /** A preview (`?preview=` token): the renderer records no display and sends no response. */
  preview?: true
}

/** The survey as the renderer reads it: only what it needs (never `pin`, `resultShareKey`, triggers). */
export function linkPageSurvey(survey: SurveyRecord, status: string): Record<string, unknown> {
  const singleUse = isRecord(survey.singleUse) ? survey.singleUse : {}
  return {
    id: survey.id,
    name: survey.name,
    type: survey.type,
    status,
    environmentId: survey.environmentId,
    questions: survey.questions,
    blocks: surveyBlocks(survey),
    endings: survey.endings,
    welcomeCard: survey.welcomeCard,
    hiddenFields: survey.hiddenFields,
    variables: survey.variables,
    languages: survey.languages.flatMap(stateLanguage),
    styling: survey.styling,
    projectOverwrites: survey.productOverwrites,
    showLanguageSwitch: survey.showLanguageSwitch,
    isBackButtonHidden: false,
    singleUse: { enabled: singleUse.enabled === true, isEncrypted: singleUse.isEncrypted === true },
    redirectUrl: survey.redirectUrl,
    triggers: [],
    displayOption: survey.displayOption,
    displayLimit: survey.displayLimit,
    displayPercentage: survey.displayPercentage,
    delay: 0,
    recontactDays: survey.recontactDays,
    autoClose: null,
    segment: null,
    // The survey's own compiled CSS, when it has some; the workspace's rides on `project`.
    ...deliveredSurveyCss(survey),
  }
}

/** The values of the survey's hidden fields found in the query (the first, when a name repeats). */
export function hiddenFieldsFromQuery(survey: SurveyRecord, query: Record<string, string | string[] | undefined>): Record<string, string> {
  const settings = isRecord(survey.hiddenFields) ? survey.hiddenFields : {}
  if (settings.enabled === false || !Array.isArray(settings.fieldIds)) return {}
  const values: Record<string, string> = {}
  for (const id of settings.fieldIds) {
    if (typeof id !== 'string') continue
    const value = firstOf(query[id])
    if (value !== undefined) values[id] = value
  }
  return values
}

type SurveyLanguageEntry = ReturnType<typeof stateLanguage>[number]

/** The survey's enabled language `requested` names (`matchLanguage`: exact code or alias, then base language). */
export function surveyLanguageOf(survey: Pick<SurveyRecord, 'languages'>, requested: string | undefined): SurveyLanguageEntry | undefined {
  return matchLanguage(enabledLanguages(survey), requested)?.entry
}

/**
 * The language the page is shown in: the one `?lang=` names; without a `?lang=` that names one, the first of
 * the browser's languages (its `Accept-Language`, most wanted first) that the survey has; else none (the
 * survey's default).
 */
export function chosenLanguage(
  survey: Pick<SurveyRecord, 'languages'>,
  requested: string | undefined,
  acceptLanguage: string | null,
): SurveyLanguageEntry | undefined {
  const languages = enabledLanguages(survey)
  return (matchLanguage(languages, requested) ?? matchAnyLanguage(languages, acceptedLanguages(acceptLanguage)))?.entry
}

function enabledLanguages(survey: Pick<SurveyRecord, 'languages'>) {
  return survey.languages
    .flatMap(stateLanguage)
    .filter((entry) => entry.enabled)
    .map((entry) => ({ code: entry.language.code, alias: entry.language.alias, entry }))
}

/** The `lang` of the page: the chosen language (`chosenLanguage`), else the survey's default, else `en`. */
export function pageLanguage(survey: SurveyRecord, chosen: SurveyLanguageEntry | undefined): string {
  const match = chosen ?? survey.languages.flatMap(stateLanguage).find((entry) => entry.enabled && entry.default)
  const code = match ? match.language.code : 'en'
  return /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(code) ? code : 'en'
}

export function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

const PAGE_STYLE =
  'html,body{margin:0}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:#f1f5f9}' +
  '.card{max-width:520px;margin:12vh auto 32px;padding:32px;background:#fff;border:1px solid #e2e8f0;border-radius:12px}' +
  'h1{font-size:1.35rem;margin:0 0 8px}p{margin:0 0 12px;color:#475569;line-height:1.5}' +
  'label{display:block;margin:16px 0 6px;font-weight:600}input{font:inherit;padding:8px 10px;border:1px solid #94a3b8;border-radius:8px;width:8em}' +
  'button{font:inherit;font-weight:600;margin-left:8px;padding:8px 16px;border:0;border-radius:8px;background:#334155;color:#fff;cursor:pointer}' +
  'button:focus-visible,input:focus{outline:2px solid #334155;outline-offset:2px}'

/** The page of a survey: the renderer script from the server itself, and a boot script that calls it. */
/** What a link survey's page tells about itself, as its `metadata` sets it (or its name alone). */
export interface LinkPageHead {
  title: string
  description?: string
  /** An absolute `https:` address, already checked (`linkPageHead`). */
  image?: string
}

/**
 * The page's title, description and preview image from the survey's `metadata` (`title`, `description`: a text
 * per language, `ogImage`: an address) in the language shown, else the default's; the title falls back to the
 * survey's name. An image address that is not absolute `https:` is left out: link previews fetch it.
 */
export function linkPageHead(
  survey: Pick<SurveyRecord, 'name' | 'metadata' | 'languages'>,
  languageCode: string | undefined,
): LinkPageHead {
  const { name, metadata } = survey
  const data = metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {}
  // A text is kept by language code, its default language's as `default` or by that language's own code.
  const defaultCode = (Array.isArray(survey.languages) ? (survey.languages as unknown[]) : [])
    .map((entry) => entry as { default?: unknown; language?: { code?: unknown } })
    .find((entry) => entry?.default === true)?.language?.code
  const text = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value.trim() || undefined
    if (value === null || typeof value !== 'object') return undefined
    const texts = value as Record<string, unknown>
    for (const key of [languageCode, 'default', defaultCode]) {
      const found = typeof key === 'string' ? texts[key] : undefined
      if (typeof found === 'string' && found.trim()) return found.trim()
    }
    return undefined
  }
  const head: LinkPageHead = { title: text(data.title) ?? name }
  const description = text(data.description)
  if (description) head.description = description
  const image = typeof data.ogImage === 'string' ? httpsAddress(data.ogImage) : undefined
  if (image) head.image = image
  return head
}

function httpsAddress(value: string): string | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined
  } catch {
    return undefined
  }
}

export function surveyPageHtml(input: { head: LinkPageHead; lang: string; nonce: string; basePath: string; boot: LinkPageBoot }): string {
  const { nonce, head } = input
  const described = head.description
    ? `\n<meta name="description" content="${escapeHtml(head.description)}">\n<meta property="og:description" content="${escapeHtml(head.description)}">`
    : ''
  const image = head.image ? `\n<meta property="og:image" content="${escapeHtml(head.image)}">` : ''
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(head.title)}</title>
<meta property="og:title" content="${escapeHtml(head.title)}">${described}${image}
<style nonce="${nonce}">html,body{margin:0}.canvass-preview{margin:0;padding:8px;text-align:center;font:14px sans-serif;background:#fef3c7}</style>
</head>
<body>
<main>${input.boot.preview ? '<p class="canvass-preview" role="status">Preview: answers are not saved</p>' : ''}<div id="canvass-survey"></div><noscript><p>This survey needs JavaScript.</p></noscript></main>
<script id="canvass-boot" type="application/json">${jsonForScript(input.boot)}</script>
<script nonce="${nonce}" src="${escapeHtml(input.basePath)}/js/surveys.umd.cjs"></script>
<script nonce="${nonce}">${BOOT_SCRIPT(input.basePath)}</script>
</body>
</html>
`
}

/**
 * Reads the embedded JSON and shows the survey. The response's `meta.url` is the page's address without a
 * PIN; `meta.source` is the `?source=` of the link, or `link`.
 */
const BOOT_SCRIPT = (basePath: string) => `(function () {
  var boot = JSON.parse(document.getElementById('canvass-boot').textContent);
  var url = new URL(location.href);
  url.searchParams.delete('pin');
  var surveys = window.formbricksSurveys;
  if (!surveys) return;
  surveys.renderSurvey({
    appUrl: location.origin + ${jsonForScript(basePath)},
    environmentId: boot.environmentId,
    survey: boot.survey,
    project: boot.project,
    mode: 'page',
    container: document.getElementById('canvass-survey'),
    languageCode: boot.languageCode,
    hiddenFields: boot.hiddenFields,
    prefillResponseData: boot.prefill,
    skipPrefilled: boot.skipPrefilled === true,
    singleUseId: boot.singleUseId,
    pinAuthToken: boot.pinAuthToken,
    preview: boot.preview === true,
    meta: { url: url.href, source: url.searchParams.get('source') || 'link' },
    nonce: document.currentScript && document.currentScript.nonce
  });
})();`

/** A page that says why there is no survey here (or asks for its PIN): no script at all. */
export function messagePageHtml(input: {
  title: string
  heading: string
  text: string
  lang?: string
  nonce: string
  pin?: { wrong: boolean; keep: [string, string][] }
}): string {
  const pin = input.pin
    ? `<form method="get">${input.pin.keep.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('')}` +
      `<label for="pin">PIN</label><input id="pin" name="pin" inputmode="numeric" autocomplete="off" pattern="[0-9]{4}" maxlength="4" required` +
      `${input.pin.wrong ? ' aria-invalid="true" aria-describedby="pin-error"' : ''}><button type="submit">Open survey</button>` +
      `${input.pin.wrong ? '<p id="pin-error" role="alert">This PIN is not right.</p>' : ''}</form>`
    : ''
  return `<!doctype html>
<html lang="${escapeHtml(input.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(input.title)}</title>
<style nonce="${input.nonce}">${PAGE_STYLE}</style>
</head>
<body>
<main class="card"><h1>${escapeHtml(input.heading)}</h1><p>${escapeHtml(input.text)}</p>${pin}</main>
</body>
</html>
`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
