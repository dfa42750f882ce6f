import { utf8Length } from '../domain/responses/response-size'

/**
 * The bounds a survey file from another tool meets before it is read (docs/moving-in.md, "Limits"): the size
 * of the reference's import, a nesting depth and a string length far above any real export, so that a hostile
 * file is refused by name instead of costing the server its stack or its memory.
 */
export const CONVERT_LIMITS = {
  /** Bytes of a file, as the reference's import takes (15 MB). */
  fileBytes: 15 * 1024 * 1024,
  /** Arrays and objects inside one another. */
  depth: 64,
  /** Characters of one string (a Qualtrics descriptive text may hold an inline image). */
  stringChars: 1_000_000,
  /** Source questions looked at; Canvass holds at most 200 elements, the rest are reported. */
  sourceItems: 2_000,
} as const

/** What is wrong with a file, as the report's `error` issue names it. */
export interface JsonRefusal {
  code: 'file_empty' | 'file_too_large' | 'nesting_too_deep' | 'string_too_long' | 'invalid_json'
  message: string
}

/**
 * JSON text checked by one scan before it is parsed (the parser never meets a file deeper or longer than the
 * bounds), then parsed: the value, or why it was refused.
 */
export function readBoundedJson(text: string): { value: unknown } | { refusal: JsonRefusal } {
  if (text.trim() === '') return { refusal: { code: 'file_empty', message: 'The file is empty' } }
  // Characters first: a text of more characters than the cap has more bytes too, and is not counted.
  if (text.length > CONVERT_LIMITS.fileBytes || utf8Length(text) > CONVERT_LIMITS.fileBytes) return { refusal: tooLarge() }
  let depth = 0
  let stringStart = -1
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at)
    if (stringStart >= 0) {
      if (char === 0x5c) at++
      else if (char === 0x22) {
        if (at - stringStart > CONVERT_LIMITS.stringChars) return { refusal: stringTooLong() }
        stringStart = -1
      }
      continue
    }
    if (char === 0x22) stringStart = at
    else if (char === 0x7b || char === 0x5b) {
      depth++
      if (depth > CONVERT_LIMITS.depth) return { refusal: tooDeep() }
    } else if (char === 0x7d || char === 0x5d) depth--
  }
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return {
      refusal: {
        code: 'invalid_json',
        message: `The file is not JSON: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}`,
      },
    }
  }
}

/**
 * A value already parsed (a caller's object) checked against the same bounds, without recursion: a cycle
 * counts as nesting too deep.
 */
export function checkJsonBounds(value: unknown): JsonRefusal | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  let chars = 0
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop() as { value: unknown; depth: number }
    if (typeof item === 'string') {
      if (item.length > CONVERT_LIMITS.stringChars) return stringTooLong()
      chars += item.length
      if (chars > CONVERT_LIMITS.fileBytes) return tooLarge()
      continue
    }
    if (typeof item !== 'object' || item === null) continue
    if (depth >= CONVERT_LIMITS.depth) return tooDeep()
    const entries = Array.isArray(item) ? item : Object.entries(item).flat()
    chars += entries.length
    if (chars > CONVERT_LIMITS.fileBytes) return tooLarge()
    for (const entry of entries) stack.push({ value: entry, depth: depth + 1 })
  }
  return undefined
}

const tooLarge = (): JsonRefusal => ({
  code: 'file_too_large',
  message: `The file is larger than ${CONVERT_LIMITS.fileBytes / 1024 / 1024} MB`,
})
const tooDeep = (): JsonRefusal => ({
  code: 'nesting_too_deep',
  message: `The file nests arrays and objects more than ${CONVERT_LIMITS.depth} levels deep`,
})
const stringTooLong = (): JsonRefusal => ({
  code: 'string_too_long',
  message: `The file holds a string longer than ${CONVERT_LIMITS.stringChars} characters`,
})
