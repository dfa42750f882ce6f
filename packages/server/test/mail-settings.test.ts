/**
 * `SMTP_URL` and `MAIL_FROM` (docs/configuration.md, docs/mail.md): read and checked before anything starts, an
 * error never repeating the URL's password; with both, the standalone server's Canvass sends mail through an SMTP
 * transport; without `SMTP_URL`, it has no mail option and sends nothing.
 */
import type { MailTransport, Storage } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { serverCanvassOptions } from '../src/canvass-options'
import { readConfig } from '../src/config'

const test = suite('mail settings')
const base = { DATA_DIR: '/nowhere' }

test('unset: no mail', () => {
  const config = readConfig(base)
  assert.equal([config.smtpUrl, config.mailFrom], [undefined, undefined])
})

test('SMTP_URL with MAIL_FROM is read as given', () => {
  const env = { ...base, PUBLIC_URL: 'https://feedback.example.com' }
  const config = readConfig({ ...env, SMTP_URL: 'smtps://mailer:pa%24s@smtp.example.com:465', MAIL_FROM: 'Canvass <canvass@example.com>' })
  assert.equal([config.smtpUrl, config.mailFrom], ['smtps://mailer:pa%24s@smtp.example.com:465', 'Canvass <canvass@example.com>'])
})

test('SMTP_URL with the console on needs PUBLIC_URL: the links in mails point to it', () => {
  const env = { ...base, SMTP_URL: 'smtp://user:hunter22@smtp.example.com', MAIL_FROM: 'canvass@example.com' }
  assert.throws(
    () => readConfig(env),
    (error: Error) => /PUBLIC_URL/.test(error.message) && !error.message.includes('hunter22'),
  )
  assert.is(readConfig({ ...env, CANVASS_CONSOLE: 'off' }).smtpUrl, env.SMTP_URL, 'without the console, no link is mailed')
})

test('a URL that is not smtp: or smtps:, or SMTP_URL without MAIL_FROM, stops the start without naming the password', () => {
  const cases: Record<string, string>[] = [
    { SMTP_URL: 'https://user:hunter22@mail.example.com', MAIL_FROM: 'a@example.com' },
    { SMTP_URL: 'smtp://user:hunter22@', MAIL_FROM: 'a@example.com' },
    { SMTP_URL: 'smtp://user:hunter22@mail.example.com' },
    { SMTP_URL: 'smtp://user:hunter22@mail.example.com', MAIL_FROM: 'not an address' },
    { MAIL_FROM: 'no address' },
  ]
  for (const env of cases) {
    try {
      readConfig({ ...base, ...env })
      assert.unreachable(JSON.stringify(env))
    } catch (error) {
      const message = (error as Error).message
      assert.match(message, /SMTP_URL|MAIL_FROM/, message)
      assert.not.match(message, 'hunter22')
    }
  }
})

test("the server's Canvass gets mail with a transport and MAIL_FROM, none without a transport", () => {
  const transport: MailTransport = { send: async () => ({ outcome: 'sent' }) }
  const config = readConfig({ ...base, SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'canvass@example.com', CANVASS_CONSOLE: 'off' })
  const parts = { db: {} as never, storage: {} as Storage, secret: 'a'.repeat(32), blobStore: {} as never }
  const withMail = serverCanvassOptions(config, { ...parts, mailTransport: transport })
  assert.is(withMail.mail?.transport, transport)
  assert.is(withMail.mail?.from, 'canvass@example.com')
  assert.is(serverCanvassOptions(config, parts).mail, undefined)
})

test.run()
