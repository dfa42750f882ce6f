/**
 * `trustProxy`'s entries and matching (`http/trusted-proxies.ts`): IPv4 and IPv6 addresses and CIDRs in their
 * written forms, `loopback`, IPv4-mapped and zoned socket addresses; anything else is not an entry.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { isTrustProxyEntry, trustedProxies } from '../src/http/trusted-proxies'

const test = suite('trusted proxies')

test('addresses and CIDRs match what they cover, and nothing else', () => {
  const trusted = trustedProxies(['loopback', '10.0.0.0/8', '192.0.2.128/25', '2001:db8::/32', 'fe80::1', '0:0:0:0:0:ffff:c633:6400/120'])
  assert.ok(trusted)
  for (const address of [
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '0:0:0:0:0:0:0:1',
    '10.200.3.4',
    '192.0.2.200',
    '2001:db8:ffff::1',
    '2001:0DB8::',
    'fe80::1%eth0',
    '::ffff:10.0.0.1',
    '198.51.100.7',
  ]) {
    assert.ok(trusted(address), address)
  }
  for (const address of ['11.0.0.1', '192.0.2.127', '2001:db9::1', 'fe80::2', '::2', '::', '::ffff:11.0.0.1', '', 'localhost', undefined]) {
    assert.not.ok(trusted(address), String(address))
  }
})

test('an empty list trusts nobody and matches nothing', () => {
  assert.is(trustedProxies([]), undefined)
})

test('what is not an address, a CIDR or loopback is not an entry', () => {
  for (const entry of [
    '10.0.0.1',
    '10.0.0.0/0',
    ' Loopback ',
    '::',
    '::/0',
    '1:2:3:4:5:6:7:8',
    '1::8',
    '::ffff:1.2.3.4',
    '2001:db8::/128',
  ]) {
    assert.ok(isTrustProxyEntry(entry), entry)
  }
  for (const entry of [
    '',
    'localhost',
    '10.0.0',
    '10.0.0.01',
    '1.2.3.4.5',
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/a',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    '1.2.3.4::',
    '::1/129',
    '[::1]',
    '10.0.0.0/8/8',
  ]) {
    assert.not.ok(isTrustProxyEntry(entry), entry)
  }
})

test.run()
