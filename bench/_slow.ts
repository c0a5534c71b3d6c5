import pg from 'pg'
import { drizzle } from 'drizzle-orm/node-postgres'
import { findCompanies } from '#app/models/company/search.server.ts'
import { readFileSync } from 'node:fs'
import { parseCsvLine } from '#app/models/company/import.server.ts'
import { seededRandom } from '#app/models/company/generate.server.ts'
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/tolk_bench_2200000', max: 1 })
const db = Object.assign(drizzle(pool), { $client: pool }) as never
const lines = readFileSync('/tmp/tolk-bench-registry-2200000.csv', 'utf8').split('\n').slice(1, 200001)
const random = seededRandom(3)
const qs: string[] = []
for (let i = 0; i < 300; i++) {
	const [, name] = parseCsvLine(lines[Math.floor(random() * lines.length)]!, ';') as [string, string]
	const words = name.split(' ')
	qs.push(random() < 0.5 ? words[0]!.slice(0, 3 + Math.floor(random() * 5)) : `${words[0]} ${(words[1] ?? '').slice(0, 3)}`)
}
const times: [number, string, number][] = []
for (const q of qs) {
	const t0 = performance.now()
	const r = await findCompanies(db, q)
	times.push([performance.now() - t0, q, r.length])
}
times.sort((a, b) => b[0] - a[0])
console.log(times.slice(0, 15).map(([t, q, n]) => `${t.toFixed(1)}ms ${JSON.stringify(q)} ${n}`).join('\n'))
console.log('median', times[150]![0].toFixed(2))
await pool.end()
