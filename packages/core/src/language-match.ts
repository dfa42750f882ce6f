/**
 * Which of a survey's languages a request names, one owner for the link page (`?lang=`, the browser's
 * `Accept-Language`) and the renderer (`languageCode`, `setLanguage`), so that both pick the same one. Imports
 * nothing, so the widget bundles it alone (`@canvass/core/language-match`).
 *
 * A request matches a language by its exact code or alias (any case) first. Failing that, by its base
 * language: `de` names `de-DE`, and `de-AT` names `de` (or else `de-DE`). A script that differs is a different
 * written language: `zh-Hant-TW` never names `zh-Hans-CN`.
 */

/** What matching reads of a language: its code and, when it has one, its alias. */
export interface MatchableLanguage {
  code: string
  alias?: string | null
}

/** The language `requested` names among `languages` (in their order), or undefined. */
export function matchLanguage<T extends MatchableLanguage>(languages: readonly T[], requested: string | undefined): T | undefined {
  if (!requested) return undefined
  const wanted = requested.trim().toLowerCase()
  if (wanted === '') return undefined
  const exact = languages.find((language) => language.code.toLowerCase() === wanted || language.alias?.toLowerCase() === wanted)
  if (exact) return exact
  const asked = tagParts(wanted)
  // The base language itself (`de` for `de-AT`), then any language of that base whose script does not differ.
  const sameBase = languages.filter((language) => {
    const parts = tagParts(language.code.toLowerCase())
    return parts.base === asked.base && (parts.script === undefined || asked.script === undefined || parts.script === asked.script)
  })
  return sameBase.find((language) => language.code.toLowerCase() === asked.base) ?? sameBase[0]
}

/**
 * The language tags of an `Accept-Language` header, most wanted first (by `q`, then in the order given);
 * `*`, tags with `q=0` and malformed entries are left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return []
  const entries: Array<{ tag: string; q: number; index: number }> = []
  header
    .split(',')
    .slice(0, 50)
    .forEach((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined)
      const weight = q === undefined ? 1 : Number(q)
      if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag.trim()) || weight <= 0) return
      entries.push({ tag: tag.trim(), q: weight, index })
    })
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag)
}

/** The first of `tags` (most wanted first) that names one of `languages`, matched as `matchLanguage` does. */
export function matchAnyLanguage<T extends MatchableLanguage>(languages: readonly T[], tags: readonly string[]): T | undefined {
  for (const tag of tags) {
    const match = matchLanguage(languages, tag)
    if (match) return match
  }
  return undefined
}

/** A lower-case tag's base language and its script subtag (four letters after the base), when it has one. */
function tagParts(tag: string): { base: string; script: string | undefined } {
  const [base = '', second] = tag.split(/[-_]/)
  return { base, script: second !== undefined && /^[a-z]{4}$/.test(second) ? second : undefined }
}
