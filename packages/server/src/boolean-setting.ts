/**
 * The one reader of the settings that turn something on or off (docs/configuration.md, "The standalone servers"): each takes
 * the usual spellings in any case, and anything else stops the start with a line that names the variable and
 * what it takes, so that `CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=true` can never start with the setting quietly off.
 */

/** What turns a switch on, and what turns it off: compared in lower case, around spaces trimmed. */
export const BOOLEAN_SPELLINGS = { on: ['1', 'true', 'yes', 'on'], off: ['0', 'false', 'no', 'off'] } as const

/**
 * The value of the switch `name`: `fallback` when unset or empty, else one of `BOOLEAN_SPELLINGS`.
 * @throws {Error} naming `name`, the value given and the spellings it takes.
 */
export function readBooleanSetting(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback
  const spelled = value.trim().toLowerCase()
  if ((BOOLEAN_SPELLINGS.on as readonly string[]).includes(spelled)) return true
  if ((BOOLEAN_SPELLINGS.off as readonly string[]).includes(spelled)) return false
  throw new Error(
    `${name} must be ${BOOLEAN_SPELLINGS.on.join(', ')} (on) or ${BOOLEAN_SPELLINGS.off.join(', ')} (off), in any case; got ${JSON.stringify(value)}`,
  )
}
