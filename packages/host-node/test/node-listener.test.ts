import { skipSuiteUnless } from '@canvass/test-utils'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { request as httpRequest } from 'node:http'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ConnectionInfo, PreflightAnswer } from '@canvass/core'
import { toNodeListener } from '../src'
import type { FetchHandler } from '../src'

async function listen(server: Server, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  return (server.address() as AddressInfo).port
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

function served(fetch: FetchHandler) {
  return createServer(toNodeListener(fetch))
}

const listener = suite('toNodeListener')

listener('passes the client address from the socket, and the request id the answer carries', async () => {
  const seen: ConnectionInfo[] = []
  const server = served((_request, info) => {
    seen.push(info)
    return new Response('ok')
  })
  const port = await listen(server)
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/`)
    await answer.text()
    assert.equal(seen, [{ clientAddress: '127.0.0.1', requestId: answer.headers.get('x-request-id') }])
    assert.match(seen[0]?.requestId ?? '', /^[0-9a-f-]{36}$/)
  } finally {
    await stop(server)
  }
})

listener(
  'x-request-id: a sane incoming one is kept, on every answer (preflights, thrown handlers, Response headers of its own)',
  async () => {
    const seen: (string | undefined)[] = []
    const server = createServer(
      toNodeListener(
        (request, info) => {
          seen.push(info.requestId)
          if (request.url.endsWith('/throw')) throw new Error('broken')
          return new Response('ok', { headers: { 'content-type': 'text/plain' } })
        },
        {
          preflight: (target, _requested, info): PreflightAnswer | undefined => {
            if (target === '/other') return undefined
            if (target === '/own-id') return { status: 204, headers: { 'X-Request-Id': 'its-own' } }
            return { status: 204, headers: { 'x-seen': info.requestId ?? '', 'x-seen-address': info.clientAddress ?? '' } }
          },
          onError: () => {},
        },
      ),
    )
    const port = await listen(server)
    try {
      const get = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init)
      const kept = await get('/', { headers: { 'x-request-id': 'trace-1' } })
      assert.is(kept.headers.get('x-request-id'), 'trace-1')
      assert.is(kept.headers.get('content-type'), 'text/plain', "the answer's own headers stay")
      const replaced = await get('/', { headers: { 'x-request-id': 'not sane' } })
      assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
      const failed = await get('/throw', { headers: { 'x-request-id': 'trace-2' } })
      assert.is(failed.status, 500)
      assert.is(failed.headers.get('x-request-id'), 'trace-2')
      const preflight = await get('/', { method: 'OPTIONS', headers: { 'x-request-id': 'trace-3' } })
      assert.is(preflight.status, 204)
      assert.equal([preflight.headers.get('x-request-id'), preflight.headers.get('x-seen')], ['trace-3', 'trace-3'])
      assert.is(preflight.headers.get('x-seen-address'), '127.0.0.1', "the preflight gets the client's address, as fetch does")
      const ownId = await get('/own-id', { method: 'OPTIONS', headers: { 'x-request-id': 'trace-5' } })
      assert.is(ownId.headers.get('x-request-id'), 'its-own', 'an id the preflight gives itself, in any case, is the only one')
      const passedOn = await get('/other', { method: 'OPTIONS', headers: { 'x-request-id': 'trace-4' } })
      assert.is(passedOn.headers.get('x-request-id'), 'trace-4', 'an OPTIONS the preflight leaves to fetch has its id too')
      assert.equal(seen, ['trace-1', replaced.headers.get('x-request-id'), 'trace-2', 'trace-4'])
    } finally {
      await stop(server)
    }
  },
)

listener(
  'every answer carries x-request-id, once: an id the answer names itself (in any case) wins, and a wrapped writeHead still gets it',
  async () => {
    const canvass = toNodeListener(async (request) => {
      await request.text()
      if (request.url.endsWith('/own')) return new Response('ok', { headers: { 'X-Request-ID': 'its-own' } })
      if (request.url.endsWith('/bare')) return new Response(null, { status: 204 })
      return new Response('ok', { headers: { 'content-type': 'text/plain' } })
    })
    const server = createServer((req, res) => {
      // A middleware that wraps writeHead, as `on-headers` does, gets the id through a header set as before.
      if (req.url === '/wrapped') {
        const writeHead = res.writeHead
        res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
          res.setHeader('x-wrapped', 'yes')
          return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args)
        } as ServerResponse['writeHead']
      }
      canvass(req, res)
    })
    const port = await listen(server)
    try {
      const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-request-id': 'trace-9' } })
      const plain = await get('/')
      assert.equal(
        [plain.headers.get('x-request-id'), plain.headers.get('content-type'), await plain.text()],
        ['trace-9', 'text/plain', 'ok'],
      )
      const own = await get('/own')
      assert.is(own.headers.get('x-request-id'), 'its-own', 'an id the answer gives itself, in any case, is the only one')
      const bare = await get('/bare')
      assert.equal([bare.status, bare.headers.get('x-request-id')], [204, 'trace-9'])
      const wrapped = await get('/wrapped')
      assert.equal([wrapped.headers.get('x-request-id'), wrapped.headers.get('x-wrapped')], ['trace-9', 'yes'])
    } finally {
      await stop(server)
    }
  },
)

// A dual-stack listener needs IPv6; a CI machine without it skips this one test, saying so.
const hasIpv6Loopback = Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === '::1'))
const dualStack = skipSuiteUnless(listener, hasIpv6Loopback ? undefined : 'no IPv6 loopback here')
dualStack('an IPv4 client of a dual-stack server is given as plain IPv4, an IPv6 one as is', async () => {
  const seen: (string | undefined)[] = []
  const server = served((_request, info) => {
    seen.push(info.clientAddress)
    return new Response('ok')
  })
  const port = await listen(server, '::')
  try {
    await (await fetch(`http://127.0.0.1:${port}/`)).text()
    await (await fetch(`http://[::1]:${port}/`)).text()
    assert.equal(seen, ['127.0.0.1', '::1'])
  } finally {
    await stop(server)
  }
})

listener('mounted under a prefix that the framework strips from req.url, the handler still sees the full path', async () => {
  const paths: string[] = []
  const canvass = toNodeListener((request) => {
    const url = new URL(request.url)
    paths.push(url.pathname + url.search)
    return new Response('ok')
  })
  // What Express's `app.use('/feedback', listener)` and Connect do before calling the listener.
  const server = createServer((req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    if (req.url?.startsWith('/feedback/')) {
      req.originalUrl = req.url
      req.url = req.url.slice('/feedback'.length)
      canvass(req, res)
    } else {
      res.writeHead(404).end()
    }
  })
  const port = await listen(server)
  try {
    await (await fetch(`http://127.0.0.1:${port}/feedback/api/v1/me?x=1`)).text()
    assert.equal(paths, ['/feedback/api/v1/me?x=1'])
  } finally {
    await stop(server)
  }
})

listener('the request body streams to the handler before the client has sent all of it', async () => {
  let firstChunk: () => void = () => {}
  const firstChunkRead = new Promise<void>((resolve) => (firstChunk = resolve))
  const server = served(async (request) => {
    const reader = request.body!.getReader()
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
      firstChunk()
    }
    return new Response(text)
  })
  const port = await listen(server)
  try {
    const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'transfer-encoding': 'chunked' } })
    const answer = new Promise<string>((resolve, reject) => {
      req.on('response', (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve(body))
      })
      req.on('error', reject)
    })
    req.write('first,')
    await firstChunkRead
    req.end('second')
    assert.is(await answer, 'first,second')
  } finally {
    await stop(server)
  }
})

listener('a client that goes away aborts request.signal', async () => {
  let aborted: () => void = () => {}
  const sawAbort = new Promise<void>((resolve) => (aborted = resolve))
  let started: () => void = () => {}
  const inHandler = new Promise<void>((resolve) => (started = resolve))
  const server = served(
    (request) =>
      new Promise<Response>((resolve) => {
        request.signal.addEventListener('abort', () => {
          aborted()
          resolve(new Response('too late'))
        })
        started()
      }),
  )
  const port = await listen(server)
  try {
    const controller = new AbortController()
    const pending = fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal }).catch(() => 'client aborted')
    await inHandler
    controller.abort()
    assert.is(await pending, 'client aborted')
    await sawAbort
  } finally {
    await stop(server)
  }
})

listener('a streamed response waits for a client that does not read (backpressure)', async () => {
  let pulls = 0
  const chunk = new Uint8Array(1024 * 1024)
  const server = served(
    () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulls++
            if (pulls > 64) controller.close()
            else controller.enqueue(chunk)
          },
        }),
      ),
  )
  const port = await listen(server)
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest({ port, host: '127.0.0.1', path: '/' }, resolve).on('error', reject).end(),
    )
    res.pause()
    // Real time is what is tested: a client that reads nothing for half a second, far longer than an unheld
    // source takes to produce its 64 MiB.
    await new Promise((resolve) => setTimeout(resolve, 500))
    assert.ok(pulls < 32, `${pulls} MiB produced for a client that read nothing`)
    res.destroy()
  } finally {
    await stop(server)
  }
})

listener('a handler that throws gives an empty 500 and reaches onError; a hostile Host header a 400', async () => {
  const errors: unknown[] = []
  const server = createServer(
    toNodeListener(
      () => {
        throw new Error('boom')
      },
      { onError: (error) => errors.push(error) },
    ),
  )
  const port = await listen(server)
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`)
    assert.is(res.status, 500)
    assert.is(await res.text(), '')
    assert.is((errors[0] as Error).message, 'boom')
    const status = await new Promise<number | undefined>((resolve, reject) =>
      httpRequest({ port, host: '127.0.0.1', path: '/', headers: { host: 'a b' } }, (r) => {
        r.resume()
        resolve(r.statusCode)
      })
        .on('error', reject)
        .end(),
    )
    assert.is(status, 400)
    assert.is(errors.length, 1, 'a bad request is not the handler failing')
  } finally {
    await stop(server)
  }
})

listener.run()
