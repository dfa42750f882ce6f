import type { MailMessage } from '@canvass/core'
import { renderMail } from '@canvass/core'
import { startSmtpServer } from '@canvass/test-bed'
import type { TestSmtpServer } from '@canvass/test-bed'
import { closedPort } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSmtpMailTransport } from '../src'

// A real SMTP server process on loopback (smtp-server in a child of the test bed), which writes each mail it
// takes to a folder: what arrives is what a mail server would be given.

const smtp = suite('SMTP mail transport')
let server: TestSmtpServer

smtp.before(async () => {
  server = await startSmtpServer({ reject: { 'gone@example.com': 550, 'later@example.com': 451 } })
})
smtp.after(async () => {
  await server?.close()
})

const expiresAt = new Date('2030-01-02T03:04:00Z')

function message(to: string, language: 'en' | 'de', id: string): MailMessage {
  const rendered = renderMail(
    { kind: 'sign-in-link', values: { link: `https://canvass.example/console/link/${id}?a=1&b=<2>`, expiresAt } },
    language,
  )
  return {
    to,
    from: 'Canvass <canvass@canvass.example>',
    messageId: `<${id}@canvass.example>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
    ...rendered,
  }
}

smtp('sends the text and the HTML body of a mail in English and in German, with its Message-ID and headers', async () => {
  const transport = createSmtpMailTransport({ url: server.url })
  assert.equal(await transport.send(message('someone@example.com', 'en', 'mail-en')), { outcome: 'sent' })
  assert.equal(await transport.send(message('jemand@example.com', 'de', 'mail-de')), { outcome: 'sent' })
  const mails = await server.mails()
  const en = mails.find((mail) => mail.messageId === '<mail-en@canvass.example>')
  const de = mails.find((mail) => mail.messageId === '<mail-de@canvass.example>')
  assert.ok(en && de, `mails arrived: ${JSON.stringify(mails.map((mail) => mail.messageId))}`)
  assert.equal(en.to, ['someone@example.com'])
  assert.equal(en.subject, 'Your sign-in link for Canvass')
  assert.match(en.text, 'https://canvass.example/console/link/mail-en?a=1&b=<2>')
  assert.match(en.text, 'until 2030-01-02 03:04 UTC')
  assert.match(en.html, 'href="https://canvass.example/console/link/mail-en?a=1&#38;b=&#60;2&#62;"')
  assert.not.match(en.html, '<2>', 'values are HTML-escaped')
  assert.equal(en.headers['auto-submitted'], 'auto-generated')
  assert.match(en.from ?? '', /Canvass"? <canvass@canvass.example>$/)
  assert.equal(de.subject, 'Ihr Anmeldelink für Canvass')
  assert.match(de.text, 'Der Link gilt einmal, bis 2030-01-02 03:04 UTC.')
  assert.match(de.html, '<html lang="de">')
  for (const mail of [en, de]) {
    assert.not.match(mail.html, /<img|<link|src=|url\(/i, 'the HTML loads nothing')
  }
})

smtp('signs in with the credentials of the URL and uses `from` as the envelope sender; errors never name the password', async () => {
  const transport = createSmtpMailTransport({
    url: server.url.replace('smtp://', 'smtp://mailer:s%3Acret%40pw@'),
    from: 'bounces@canvass.example',
  })
  assert.equal(await transport.send(message('someone@example.com', 'en', 'mail-auth')), { outcome: 'sent' })
  const mail = (await server.mails()).find((one) => one.messageId === '<mail-auth@canvass.example>')
  assert.equal(mail?.user, 'mailer')
  assert.equal(mail?.envelopeFrom, 'bounces@canvass.example')
  const down = createSmtpMailTransport({ url: `smtp://mailer:s%3Acret%40pw@127.0.0.1:${await closedPort()}` })
  const result = await down.send(message('someone@example.com', 'en', 'mail-down'))
  assert.equal(result.outcome, 'temporary')
  assert.not.match(JSON.stringify(result), 's:cret')
})

smtp('a 5xx reply is a permanent failure, a 4xx reply and a refused connection temporary', async () => {
  const transport = createSmtpMailTransport({ url: server.url })
  const gone = await transport.send(message('gone@example.com', 'en', 'mail-550'))
  assert.equal(gone.outcome, 'permanent')
  assert.match(gone.outcome === 'sent' ? '' : gone.reason, /^550/)
  const later = await transport.send(message('later@example.com', 'en', 'mail-451'))
  assert.equal(later.outcome, 'temporary')
  assert.match(later.outcome === 'sent' ? '' : later.reason, /^451/)
  const refused = await createSmtpMailTransport({ url: `smtp://127.0.0.1:${await closedPort()}` }).send(message('a@example.com', 'en', 'x'))
  assert.equal(refused.outcome, 'temporary')
})

smtp('an aborted attempt answers a temporary failure at once', async () => {
  const transport = createSmtpMailTransport({ url: server.url })
  const controller = new AbortController()
  controller.abort()
  assert.equal(await transport.send(message('a@example.com', 'en', 'aborted'), { signal: controller.signal }), {
    outcome: 'temporary',
    reason: 'aborted',
  })
})

smtp('refuses a URL that is not smtp: or smtps:, without naming its password', () => {
  for (const url of ['http://user:hunter22@mail.example', 'not a url', 'smtp://', 'smtps://user:hunter22@']) {
    try {
      createSmtpMailTransport({ url })
      assert.unreachable(`${url} was taken`)
    } catch (error) {
      assert.instance(error, TypeError)
      assert.not.match((error as Error).message, 'hunter22')
    }
  }
})

smtp.run()
