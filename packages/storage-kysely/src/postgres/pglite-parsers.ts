/**
 * Type parsers to give PGlite (`new PGlite({ parsers: PGLITE_PARSERS })` or `PGlite.create(dir, { parsers })`):
 * its own read timestamps with `new Date(text)`, which maps the years 0–99 of Postgres's output
 * (`0050-01-01 00:00:00+00`) to 1950 and so on. These read them as written, as `pg` does.
 */
export const PGLITE_PARSERS: Readonly<Record<number, (text: string) => Date>> = Object.freeze({
  /** timestamptz */
  1184: (text: string) => parsePostgresTimestamp(text, false),
  /** timestamp (without time zone), read as UTC */
  1114: (text: string) => parsePostgresTimestamp(text, true),
})

const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/

/** A timestamp in Postgres's ISO output style; anything else (BC, years past 9999) as `Date` reads it. */
export function parsePostgresTimestamp(text: string, utc: boolean): Date {
  const match = TIMESTAMP.exec(text)
  if (!match) return new Date(text)
  const [, year, month, day, hour, minute, second, fraction = '', sign, zoneHours, zoneMinutes = '00', zoneSeconds] = match
  const zone = sign ? `${sign}${zoneHours}:${zoneMinutes}` : utc ? 'Z' : ''
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${zone}`)
  if (zoneSeconds) date.setTime(date.getTime() - Number(`${sign}1`) * Number(zoneSeconds) * 1000)
  return date
}
