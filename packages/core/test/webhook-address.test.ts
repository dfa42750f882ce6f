import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { checkWebhookRequest, checkWebhookUrl, isPublicAddress, parseRetryAfter } from '../src'

const addresses = suite('isPublicAddress')

const NOT_PUBLIC = [
  // IPv4 special-purpose ranges
  '127.0.0.1',
  '127.5.6.7',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '100.64.0.1',
  '100.127.255.254',
  '169.254.169.254',
  '169.254.0.1',
  '0.0.0.0',
  '0.1.2.3',
  '255.255.255.255',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '192.0.0.1',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.1',
  '203.0.113.1',
  // IPv6 special-purpose ranges
  '::1',
  '::',
  'fe80::1',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  'fec0::1',
  '2001:db8::1',
  '3fff::1',
  '100::1',
  '5f00::1',
  // IPv4 embedded in IPv6: mapped, translated, NAT64, 6to4, IPv4-compatible, ISATAP
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a00:1',
  '::ffff:a9fe:a9fe',
  '::ffff:0:7f00:1',
  '64:ff9b::7f00:1',
  '64:ff9b::a00:1',
  '64:ff9b::a9fe:a9fe',
  '2002:7f00:1::',
  '2002:a00:1::',
  '2002:a9fe:a9fe::1',
  '::7f00:1',
  '::a00:1',
  '2a00:1450::5efe:a00:1',
  '2a00:1450::200:5efe:7f00:1',
  // Teredo, local-use NAT64, and other forms no check could be sure of
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '64:ff9b:1::5db8:d822',
  '2001:2::1',
  '2001:10::1',
  // Not canonical, so not trusted to mean what another parser reads
  '010.0.0.1',
  '0x7f.0.0.1',
  '2130706433',
  '127.1',
  'fe80::1%eth0',
  '2606:4700::1%1',
  '',
  'example.com',
  '1.2.3.4.5',
  '[::1]',
]
const PUBLIC = [
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '100.128.0.1',
  '2606:2800:220:1:248:1893:25c8:1946',
  '2a00:1450:4001::1',
  '::ffff:5db8:d822',
  '64:ff9b::5db8:d822',
  '2002:5db8:d822::1',
  '2a00:1450::200:5efe:5db8:d822',
]

addresses('refuses every non-public range, embedded form and non-canonical spelling', () => {
  for (const address of NOT_PUBLIC) assert.is(isPublicAddress(address), false, address)
})
addresses('accepts public unicast addresses, also when embedded in a transition form', () => {
  for (const address of PUBLIC) assert.is(isPublicAddress(address), true, address)
})
addresses.run()

const urls = suite('checkWebhookUrl')

urls('the URL parser turns every numeric spelling into one canonical address, and that one is refused', () => {
  const spellings: [string, string][] = [
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0177.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://012.1.2.3/', '10.1.2.3'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://[::1]/', '::1'],
    ['http://[0:0:0:0:0:0:0:1]:8080/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe'],
    ['https://[64:ff9b::10.0.0.1]/', '64:ff9b::a00:1'],
  ]
  for (const [url, hostname] of spellings) {
    const parsed = new URL(url).hostname
    assert.is(parsed.replace(/^\[|\]$/g, ''), hostname, `new URL normalises ${url}`)
    const check = checkWebhookUrl(url)
    assert.is(check.ok ? 'ok' : check.errorClass, 'blocked_address', url)
    const allowed = checkWebhookUrl(url, { allowPrivateAddresses: true })
    assert.ok(allowed.ok && allowed.isIpAddress && allowed.hostname === hostname, `${url} is allowed when private addresses are`)
  }
})
urls('refuses localhost names unless private addresses are allowed', () => {
  const loopbackNames = [
    'http://localhost/',
    'http://LOCALHOST:8080/',
    'http://localhost./',
    'http://localhost../',
    'https://api.localhost/',
    'http://a.b.LocalHost./',
    // The loopback names of /etc/hosts on common systems.
    'http://localhost.localdomain/',
    'http://LocalHost.LocalDomain./',
    'http://localhost6/',
    'http://localhost6.localdomain6/',
    'http://ip6-localhost/',
    'http://ip6-loopback./',
  ]
  for (const url of loopbackNames) {
    const check = checkWebhookUrl(url)
    assert.is(check.ok ? 'ok' : check.errorClass, 'blocked_address', url)
    assert.ok(checkWebhookUrl(url, { allowPrivateAddresses: true }).ok, url)
  }
})
urls('refuses what is not an absolute http(s) URL without credentials, even with private addresses allowed', () => {
  for (const url of [
    '',
    'example.com/hook',
    '/hook',
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:,x',
    'ws://example.com/',
    'http://user:pw@example.com/',
    'https://user@example.com/',
    'http://[::1/',
  ]) {
    const check = checkWebhookUrl(url, { allowPrivateAddresses: true })
    assert.is(check.ok ? 'ok' : check.errorClass, 'invalid_url', url)
  }
})
urls('accepts public names and addresses, with the port the scheme implies', () => {
  const check = checkWebhookUrl('HTTPS://Hooks.Example.COM/a?b=1')
  assert.ok(check.ok)
  if (!check.ok) return
  assert.is(check.hostname, 'hooks.example.com')
  assert.is(check.port, 443)
  assert.is(check.isIpAddress, false)
  const ip = checkWebhookUrl('http://[2606:2800:220:1:248:1893:25c8:1946]:8080/')
  assert.ok(ip.ok && ip.port === 8080 && ip.isIpAddress && ip.hostname === '2606:2800:220:1:248:1893:25c8:1946')
  const plain = checkWebhookUrl('http://93.184.216.34/')
  assert.ok(plain.ok && plain.port === 80)
})
urls.run()

const requests = suite('checkWebhookRequest')
const base = { url: 'https://hooks.example.com/', body: '{}' }

requests('refuses headers the transport owns, invalid names and values that could not be sent unchanged', () => {
  const bad: Record<string, string>[] = [
    { Host: 'evil.example' },
    { 'content-length': '1' },
    { 'Transfer-Encoding': 'chunked' },
    { connection: 'keep-alive' },
    { 'keep-alive': '1' },
    { upgrade: 'h2c' },
    { te: 'trailers' },
    { trailer: 'x' },
    { expect: '100-continue' },
    { 'proxy-authorization': 'x' },
    { 'bad name': 'x' },
    { '': 'x' },
    { 'x-a': 'line\r\nx-injected: 1' },
    { 'x-a': 'nul\u0000' },
    { 'x-a': ' padded' },
    { 'x-a': 'padded ' },
    { 'x-a': 'snow☃' },
    { 'x-a': 'a', 'X-A': 'b' },
  ]
  for (const headers of bad) {
    const check = checkWebhookRequest({ ...base, headers })
    assert.is(check.ok ? 'ok' : check.errorClass, 'invalid_request', JSON.stringify(headers))
  }
})
requests('accepts ordinary headers and empty values, and takes the timeout from the request, the option, then 15 s', () => {
  const headers = {
    'content-type': 'application/json',
    'webhook-id': 'msg_1',
    'webhook-signature': 'v1,abc+/= v1,def',
    'x-empty': '',
    'x-latin1': 'café',
  }
  const check = checkWebhookRequest({ ...base, headers })
  assert.ok(check.ok && check.timeoutMs === 15_000)
  const option = checkWebhookRequest({ ...base, headers }, { timeoutMs: 500 })
  assert.ok(option.ok && option.timeoutMs === 500)
  const own = checkWebhookRequest({ ...base, headers, timeoutMs: 20 }, { timeoutMs: 500 })
  assert.ok(own.ok && own.timeoutMs === 20)
  for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
    const bad = checkWebhookRequest({ ...base, headers, timeoutMs })
    assert.is(bad.ok ? 'ok' : bad.errorClass, 'invalid_request', String(timeoutMs))
  }
})
requests.run()

const retryAfter = suite('parseRetryAfter')
const now = Date.UTC(2030, 0, 1, 12, 0, 0)

retryAfter('reads delta-seconds', () => {
  assert.is(parseRetryAfter('120', now), 120)
  assert.is(parseRetryAfter(' 0 ', now), 0)
  assert.is(parseRetryAfter('86400', now), 86400)
})
retryAfter('reads the three HTTP-date forms as seconds from now, a past date as 0', () => {
  assert.is(parseRetryAfter('Tue, 01 Jan 2030 12:01:30 GMT', now), 90)
  assert.is(parseRetryAfter('Tuesday, 01-Jan-30 12:00:10 GMT', now), 10)
  assert.is(parseRetryAfter('Tue Jan  1 12:00:05 2030', now), 5)
  assert.is(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now), 0)
  assert.is(parseRetryAfter('Tue, 01 Jan 2030 12:00:00 GMT', now), 0)
  assert.is(parseRetryAfter('Tue, 01 Jan 2030 12:00:00 GMT', now - 1500), 2, 'a fraction of a second rounds up')
  assert.is(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString()), 60, 'defaults to the clock')
})
retryAfter('gives undefined for anything else', () => {
  for (const value of [
    undefined,
    null,
    '',
    '-1',
    '1.5',
    '+3',
    '1e3',
    'soon',
    '9'.repeat(20),
    '2030-01-01T12:00:00Z',
    'Tue, 1 Jan 2030 12:00:00 GMT',
    'Tue, 01 Jan 2030 12:00:00 UTC',
    'Tue, 31 Feb 2030 12:00:00 GMT',
    'Tue, 01 Jan 2030 25:00:00 GMT',
    'Tue, 01 Foo 2030 12:00:00 GMT',
  ]) {
    assert.is(parseRetryAfter(value, now), undefined, String(value))
  }
})
retryAfter.run()
