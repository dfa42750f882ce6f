/**
 * A survey author's regular expression, run in time linear in the text: an element's `pattern` rule is
 * written by whoever edits the survey and run by the server on every v3 response write, so it must not be
 * able to backtrack catastrophically (`(a+)+$`, `a*a*a*a*b`). The platform's `RegExp` only compiles the
 * pattern, to tell an invalid one from the rest; it is run by re2js, a JavaScript port of RE2, whose automata
 * look at each character of the text a bounded number of times: a test costs at most `text length × program
 * size`, both bounded here (and the caller keeps a budget of such steps for a whole write).
 *
 * The syntax is JavaScript's as re2js translates it, without what needs backtracking: backreferences,
 * lookaheads and lookbehinds are "unsupported", as is anything else RE2 does not read (`\p{…}`) and the `v`
 * flag. Where RE2 reads a class or a line end differently, RE2 decides: `\s` is `[\t\n\f\r ]`, and `.`, `^`
 * and `$` (with `m`) know only `\n` as a line end. Flags: `i`, `m`, `s` and `y`; `g`, `u` and `d` change
 * nothing a test answers.
 */
import { RE2JS } from 're2js'

/** The most instructions one compiled pattern may have (counted repeats are unrolled). */
export const MAX_PATTERN_PROGRAM = 2000

export type SafePattern =
  /** `size`: the program's instructions; a test costs at most `(code points of the text + 1) × size` steps. */
  | { ok: true; size: number; test: (text: string) => boolean }
  | { ok: false; reason: 'invalid' | 'unsupported' | 'too_large'; detail: string }

export function compileSafePattern(source: string, flags = ''): SafePattern {
  try {
    // Only compiled, never run: tells an invalid pattern (or flag) from one RE2 cannot run.
    new RegExp(source, flags)
  } catch (error) {
    return { ok: false, reason: 'invalid', detail: (error as Error).message }
  }
  if (flags.includes('v')) return { ok: false, reason: 'unsupported', detail: 'The v flag is not supported' }
  const options =
    (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) |
    (flags.includes('m') ? RE2JS.MULTILINE : 0) |
    (flags.includes('s') ? RE2JS.DOTALL : 0) |
    RE2JS.DISABLE_UNICODE_GROUPS
  let compiled: RE2JS
  try {
    const translated = RE2JS.translateRegExp(source)
    // Sticky: a match must start where the text does (`\A`, whatever `m` makes of `^`).
    compiled = RE2JS.compile(flags.includes('y') ? `\\A(?:${translated})` : translated, options)
  } catch (error) {
    // RegExp took it, so it is valid JavaScript that RE2 does not read (or too large for it).
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, reason: /repeat|too large|size/i.test(detail) ? 'too_large' : 'unsupported', detail }
  }
  const size = compiled.programSize()
  if (size > MAX_PATTERN_PROGRAM) return { ok: false, reason: 'too_large', detail: `The pattern's program has ${size} instructions` }
  return { ok: true, size, test: (text: string) => compiled.test(text) }
}
