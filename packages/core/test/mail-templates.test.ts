import { createCanvass } from '@canvass/core'
import type { MailTransport } from '@canvass/core'
import { createTestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseMailFrom } from '../src/mail/mail-address'
import { MAIL_RETRY_SCHEDULE, mailRetryAt } from '../src/mail/mail-retry'
import type { MailContent } from '../src/mail/mail-values'
import { renderMail } from '../src/mail/render-mail'
import { queueMail } from '../src/mail/queue-mail'

// The mails' words in both languages, their HTML (escaped, self-contained), the checks of their values and of
// the `mail` option, and the retry schedule.

const HOSTILE = 'Team <b>"&\'</b>'
const expiresAt = new Date('2030-05-06T07:08:00Z')
const link = 'https://canvass.example/console/link/abc?x=1&y=2'
const contents: MailContent[] = [
  { kind: 'invitation', values: { projectName: HOSTILE, role: 'owner', link, expiresAt, invitedBy: 'Ada <ada@example.com>' } },
  { kind: 'sign-in-link', values: { link, expiresAt } },
  { kind: 'password-reset', values: { link, expiresAt } },
  { kind: 'role-changed', values: { projectName: HOSTILE, role: 'viewer', consoleUrl: link, changedBy: null } },
]

const templates = suite('mail templates')

templates('every kind renders text and HTML in English and German, with its link, values escaped, nothing loaded', () => {
  const subjects = new Set<string>()
  for (const content of contents) {
    for (const language of ['en', 'de'] as const) {
      const mail = renderMail(content, language)
      subjects.add(mail.subject)
      assert.ok(mail.text.includes(link), `${content.kind}/${language}: the text holds the link`)
      assert.ok(
        mail.html.includes('href="https://canvass.example/console/link/abc?x=1&#38;y=2"'),
        `${content.kind}/${language}: the button`,
      )
      assert.not.match(mail.html, /<b>|<img|<link|<script|src=|url\(|@import/i, `${content.kind}/${language}: escaped, self-contained`)
      assert.match(mail.html, `<html lang="${language}">`)
      assert.not.match(mail.subject, /[\r\n]/)
      if ('projectName' in content.values) {
        assert.ok(mail.text.includes(HOSTILE), 'the text keeps the name as it is')
        assert.ok(mail.html.includes('Team &#60;b&#62;&#34;&#38;&#39;&#60;/b&#62;'), 'the HTML escapes it')
      }
      if ('expiresAt' in content.values) {
        assert.match(mail.text, language === 'de' ? 'bis 2030-05-06 07:08 UTC' : 'until 2030-05-06 07:08 UTC')
      }
    }
  }
  assert.is(subjects.size, 8, 'every kind and language has a subject of its own')
  assert.is(renderMail(contents[1] as MailContent).subject, 'Your sign-in link for Canvass', 'English by default')
  assert.match(
    renderMail(contents[0] as MailContent, 'de').text,
    /Ada <ada@example.com> hat Sie eingeladen, dem Projekt .* als Inhaber beizutreten/,
  )
  assert.match(renderMail(contents[3] as MailContent, 'en').text, /Your role was changed in the project .*: you are now viewer\./)
})

templates('unfit values are refused: a link that is not http(s), a name on two lines, an unknown role, a missing date', () => {
  const bad: unknown[] = [
    { kind: 'sign-in-link', values: { link: 'javascript:alert(1)', expiresAt } },
    { kind: 'sign-in-link', values: { link: '/relative', expiresAt } },
    { kind: 'sign-in-link', values: { link } },
    { kind: 'invitation', values: { projectName: 'a\r\nBcc: x@example.com', role: 'owner', link, expiresAt } },
    { kind: 'invitation', values: { projectName: 'P', role: 'admin', link, expiresAt } },
    { kind: 'role-changed', values: { projectName: 'P', role: 'owner', consoleUrl: 'ftp://x' } },
    { kind: 'newsletter', values: {} },
  ]
  for (const content of bad) assert.throws(() => renderMail(content as MailContent), TypeError as never, JSON.stringify(content))
})

templates('the sender is a plain or named address on one line; Message-IDs take its domain', () => {
  assert.equal(parseMailFrom('Canvass <canvass@mail.example>'), { address: 'canvass@mail.example', domain: 'mail.example' })
  assert.equal(parseMailFrom('canvass@mail.example'), { address: 'canvass@mail.example', domain: 'mail.example' })
  for (const from of ['', 'nobody', 'a@b\r\nBcc: c@d', 'Name <>', '<a@b> <c@d>', 42]) {
    assert.throws(() => parseMailFrom(from), TypeError as never, JSON.stringify(from))
  }
})

templates('retries: 30 s doubling to an hour, ±20 %, given up a day after the mail was queued', () => {
  const createdAt = new Date('2030-01-01T00:00:00Z')
  const at = (attempts: number, afterMs: number, random = 0.5) =>
    mailRetryAt({ now: new Date(createdAt.getTime() + afterMs), attempts, createdAt, random: () => random })
  assert.is(at(1, 0)?.getTime(), createdAt.getTime() + 30_000)
  assert.is(at(2, 0)?.getTime(), createdAt.getTime() + 60_000)
  assert.is(at(8, 0)?.getTime(), createdAt.getTime() + 3_600_000, 'capped at an hour')
  assert.is(at(1, 0, 0)?.getTime(), createdAt.getTime() + 24_000, 'jitter down to -20 %')
  assert.is(at(30, 86_000_000)?.getTime(), createdAt.getTime() + 86_400_000, 'the last attempt at the end of the day')
  assert.is(at(31, 86_400_000), undefined, 'then given up')
  assert.equal(MAIL_RETRY_SCHEDULE, { firstMs: 30_000, maxMs: 3_600_000, giveUpAfterMs: 86_400_000 })
})

const options = suite('the mail option')
const transport: MailTransport = { send: async () => ({ outcome: 'sent' }) }

options('createCanvass refuses a malformed mail option, naming what is wrong', async () => {
  const bed = await createTestCanvass({ background: false })
  try {
    const made = (mail: unknown) => () => createCanvass({ storage: bed.storage, widget: false, background: false, mail: mail as never })
    assert.throws(made({ from: 'a@b.test' }), /mail\.transport/)
    assert.throws(made({ transport: {}, from: 'a@b.test' }), /mail\.transport/)
    assert.throws(made({ transport }), /mail\.from/)
    assert.throws(made({ transport, from: 'not an address' }), /mail\.from/)
    assert.throws(made({ transport, from: 'a@b.test', perAddressPerHour: 0 }), /perAddressPerHour/)
    assert.throws(made('smtp://x'), /mail must be an object/)
    made({ transport, from: 'Canvass <a@b.test>' })()
  } finally {
    await bed.close()
  }
})

options('queueMail answers off and keeps nothing without mail; refuses what is the caller bug', async () => {
  const bed = await createTestCanvass({ background: false })
  try {
    const input = { eventKey: 'k', to: 'a@example.com', projectId: null, kind: 'sign-in-link', values: { link, expiresAt } } as const
    const off = { storage: bed.storage, mail: undefined, now: () => new Date(), newId: () => 'x' }
    assert.is(await queueMail(off, input), 'off')
    const { mailSettings } = await import('../src/mail/mail-options')
    const on = { ...off, mail: mailSettings({ transport, from: 'a@b.test' }, bed.storage, undefined) }
    for (const wrong of [
      { to: 'two@a.test, three@a.test' },
      { to: 'a@b\r\nBcc: c@d' },
      { eventKey: '' },
      { eventKey: 'k'.repeat(201) },
      { language: 'fr' },
    ]) {
      await queueMail(on, { ...input, ...wrong } as never).then(
        () => assert.unreachable(JSON.stringify(wrong)),
        (error: unknown) => assert.instance(error, TypeError),
      )
    }
  } finally {
    await bed.close()
  }
})

templates.run()
options.run()
