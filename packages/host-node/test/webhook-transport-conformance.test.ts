import { testWebhookTransport } from '@canvass/test-utils'
import { createNodeWebhookTransport } from '../src'

// Real resolver and real connections: the suite only ever names 127.0.0.1 (and, guarded, loopback spellings
// that are blocked before any connection, which the injected functions below would report).
testWebhookTransport({
  name: 'node transport',
  create: () => createNodeWebhookTransport({ allowPrivateAddresses: true }),
  createGuarded: () =>
    createNodeWebhookTransport({
      resolve: (hostname) => Promise.reject(new Error(`the guarded transport resolved ${hostname}`)),
      connect: (target) => Promise.reject(new Error(`the guarded transport connected to ${target.address}`)),
    }),
})
