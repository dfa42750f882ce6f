import type { CanvassContext } from '../../context'

/**
 * The `userId` of the contact with this id in the environment, for the reference's newer client routes that
 * name a respondent by contact id. Null when the environment has no such contact or the contact has no
 * `userId`: the display or response is then stored without a contact, as the reference stores it.
 */
export async function contactUserId(ctx: CanvassContext, environmentId: string, contactId: string): Promise<string | null> {
  const contact = await ctx.storage.contacts.get(environmentId, contactId)
  return contact?.userId ?? null
}
