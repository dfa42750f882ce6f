import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { escapeHtml, jsonForScript, newNonce, pagePolicy } from '../src/http/html'

const test = suite('HTML pages')

test('escapeHtml: text and attribute values cannot open a tag or end an attribute', () => {
  assert.is(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`), '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;amp;&#60;/a&#62;')
  assert.is(escapeHtml('plain text'), 'plain text')
})

test('jsonForScript: no string can end the script element or open a comment, and it parses back the same', () => {
  const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'a & b', d: '\u2028\u2029', e: ['</SCRIPT>'] }
  const text = jsonForScript(value)
  assert.not.ok(/<|>|&|\u2028|\u2029/.test(text), text)
  assert.equal(JSON.parse(text), value)
})

test('a fresh nonce each time, in the policy of scripts and styles', () => {
  const a = newNonce()
  assert.match(a, /^[A-Za-z0-9+/]{22}==$/)
  assert.is.not(newNonce(), a)
  const policy = pagePolicy(a)
  assert.ok(policy.startsWith("default-src 'none'; "))
  assert.ok(policy.includes(`script-src 'self' 'nonce-${a}'`))
  assert.ok(policy.includes(`style-src 'self' 'nonce-${a}'`))
})

test.run()
