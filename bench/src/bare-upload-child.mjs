// A bare node:http server for the HTTP upload bench, in its own process like Canvass: pipes every request
// body into BARE_FILE (no parsing, no fsync) and answers "ok". The floor of what a Node upload reaches.
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:http'
import { pipeline } from 'node:stream/promises'

const server = createServer((req, res) => {
  pipeline(req, createWriteStream(process.env.BARE_FILE)).then(
    () => res.end('ok'),
    () => res.writeHead(500).end(),
  )
})
server.listen(Number(process.env.PORT), process.env.HOST)
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)))
