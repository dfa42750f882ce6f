import { CanvassError } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'

/** What a start says about the console's first owner (`firstOwnerLines`). */
export type FirstOwner = { link: string } | { printedUntil: Date } | { severalProjects: true } | undefined

/**
 * A one-time first-owner link for a console that has no people yet: whoever opens it gives an email and becomes
 * an owner of the project (docs/console-accounts.md). Run under the startup lock (startup-lock.ts), so that of
 * instances started together on one database one makes and prints the link; the others find it unused and
 * still valid and say so instead of printing links of their own. A start after the link expired prints a new
 * one. Nothing once the console has a person, and no link when there are several projects (a link is for one).
 */
export async function firstOwnerLink(canvass: Canvass, db: Kysely<unknown>, now = new Date()): Promise<FirstOwner> {
  if ((await canvass.admin.countConsolePeople()) > 0) return undefined
  const printedUntil = await liveFirstOwnerLinkUntil(db, now)
  if (printedUntil) return { printedUntil }
  try {
    return { link: (await canvass.admin.createConsoleLink({ firstOwner: true })).path }
  } catch (error) {
    if (error instanceof CanvassError && error.code === 'bad_request') return { severalProjects: true }
    throw error
  }
}

/** The line(s) a start prints about the first owner, once the server listens at `baseUrl`. */
export function firstOwnerLines(firstOwner: FirstOwner, baseUrl: string): string[] {
  if (firstOwner === undefined) return []
  const add = '`canvass users add <email> --role owner`'
  if ('link' in firstOwner) return [`Open ${baseUrl.replace(/\/+$/, '')}${firstOwner.link} to create the console's first owner`]
  if ('printedUntil' in firstOwner)
    return [
      `The console has no people yet: the first-owner link another start printed works until ${firstOwner.printedUntil.toISOString()}, or run ${add}`,
    ]
  return [`The console has no people yet: add its first owner with ${add.replace('owner`', 'owner --project <id>`')}`]
}

/**
 * When the latest unused first-owner link expires, if one is still valid. The store keeps no way to find links
 * but by their token's hash, so this one read is made here, on the server's own schema (`canvass`, the
 * default of `createKyselyStorage`, which the server uses).
 */
async function liveFirstOwnerLinkUntil(db: Kysely<unknown>, now: Date): Promise<Date | undefined> {
  const { rows } = await sql<{ until: Date | string | null }>`
    select max(expires_at) as until from canvass.console_links
    where person_id is null and used_at is null and expires_at > ${now}`.execute(db)
  const until = rows[0]?.until
  return until === null || until === undefined ? undefined : new Date(until)
}
