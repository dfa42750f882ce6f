/** Mail addresses as Canvass sends to and from them: plain, one line, no display name in `to`. */

const ADDRESS = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,190}$/

/** Whether `value` is one plain address (`someone@example.com`): what `to` of a mail must be. */
export function isMailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && ADDRESS.test(value) && !/[\u0000-\u001f\u007f]/.test(value)
}

/**
 * The sender, `mail@example.com` or `Name <mail@example.com>`, checked: its address and the address's domain
 * (the right part of every `Message-ID`). Throws a TypeError naming what is wrong.
 */
export function parseMailFrom(from: unknown, setting = 'mail.from'): { address: string; domain: string } {
  if (typeof from !== 'string' || from.length > 320 || /[\u0000-\u001f\u007f]/.test(from)) {
    throw new TypeError(`${setting} must be a mail address on one line, e.g. "Canvass <canvass@example.com>"`)
  }
  const named = /^([^<>"]*?)\s*<([^<>]+)>$/.exec(from.trim())
  const address = named ? (named[2] as string) : from.trim()
  if (!isMailAddress(address)) {
    throw new TypeError(
      `${setting} must be an address such as canvass@example.com or "Canvass <canvass@example.com>", got ${JSON.stringify(from)}`,
    )
  }
  return { address, domain: address.slice(address.lastIndexOf('@') + 1) }
}
