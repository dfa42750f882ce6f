// The `/health` prober of `bench:invalid`, in its own process: the load generator's event loop is busy
// sending megabytes a second, and latencies measured from it would time that loop as much as the server.
// Probes PROBE_URL every 20 ms for PROBE_MS and prints the latencies, in ms, as one JSON array.
import { setTimeout as sleep } from 'node:timers/promises'

const deadline = Date.now() + Number(process.env.PROBE_MS)
const latencies = []
while (Date.now() < deadline) {
  const start = performance.now()
  const response = await fetch(process.env.PROBE_URL)
  await response.text()
  if (response.status !== 200) throw new Error(`GET /health answered ${response.status}`)
  latencies.push(performance.now() - start)
  await sleep(20)
}
process.stdout.write(JSON.stringify(latencies))
