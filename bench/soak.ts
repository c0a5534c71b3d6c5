// The site under real use: 20 clients browse the public pages and search companies, first idle
// (the baseline), then for 60 s while every document of ../shared/corpus is uploaded into one order
// and counted. Prints p50/p99/max of pages and searches in both phases, errors, the time until every
// document has its answer, and the server's memory before, at its peak and afterwards.
// Run: npm run build && npm run bench:soak (DATABASE_URL=postgres://… for PostgreSQL)
import { readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { visit } from '#tests/setup/http.ts'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:soak')

const SOAK_S = Number(process.env.SOAK_SECONDS ?? 60)
const IDLE_S = 20
const SETTLE_S = 30
const PAGE_CLIENTS = 14
const SEARCH_CLIENTS = 6
const CORPUS = process.env.CORPUS_DIR
	? path.resolve(process.env.CORPUS_DIR)
	: fileURLToPath(new URL('../../shared/corpus/', import.meta.url))
const PAGES = [
	'/',
	'/en',
	'/priser',
	'/en/prices',
	'/faq',
	'/en/faq',
	'/om-os',
	'/en/about',
	'/kontakt',
	'/en/contact',
	'/bestil',
	'/en/order',
]

type Phase = { label: string; pages: autocannon.Result; searches: autocannon.Result }

const server = await startServer({ DEMO_COMPANIES: '20000' })
const pid = server.process.pid!
const rssMib = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

try {
	const queries = await searchQueries(server.url)
	const load = (seconds: number) =>
		Promise.all([
			autocannon({
				url: server.url,
				connections: PAGE_CLIENTS,
				duration: seconds,
				requests: PAGES.map((page) => ({ method: 'GET', path: page })),
			}),
			autocannon({
				url: server.url,
				connections: SEARCH_CLIENTS,
				duration: seconds,
				requests: queries.map((query) => ({ method: 'GET', path: `/businesses?query=${encodeURIComponent(query)}` })),
			}),
		])
	await load(3) // warm-up: compiled code, PGlite's buffers
	const [idlePages, idleSearches] = await load(IDLE_S)
	// Measured once browsing has brought the server's heap to its working size.
	const startRss = rssMib()
	const phases: Phase[] = [{ label: `idle (${IDLE_S} s)`, pages: idlePages, searches: idleSearches }]

	let peakRss = rssMib()
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMib())), 500)
	const started = Date.now()
	const [[soakPages, soakSearches], answered] = await Promise.all([load(SOAK_S), uploadCorpus(server.url)])
	phases.push({ label: `soak (${SOAK_S} s, ${answered.count} documents)`, pages: soakPages, searches: soakSearches })
	clearInterval(sampler)
	// Past the 20 s after which an idle word-count worker goes.
	await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000))
	const afterRss = rssMib()

	console.log(
		`database: ${server.database.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ${PAGE_CLIENTS} clients on ${PAGES.length} pages, ${SEARCH_CLIENTS} searching ${queries.length} queries`,
	)
	console.log('| phase | what | requests | p50 ms | p99 ms | max ms | errors |')
	console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |')
	for (const { label, pages, searches } of phases) {
		for (const [what, result] of [
			['pages', pages],
			['searches', searches],
		] as const) {
			const errors = result.errors + result.timeouts + result.non2xx
			console.log(
				`| ${label} | ${what} | ${result.requests.total.toLocaleString('en')} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors} |`,
			)
		}
	}
	const byReason = Object.entries(answered.outcomes)
		.map(([outcome, count]) => `${count} ${outcome}`)
		.join(', ')
	console.log(
		`every document answered ${((answered.at - started) / 1000).toFixed(1)} s after the first upload began (${byReason}); upload errors: ${answered.uploadErrors}`,
	)
	console.log(
		`server memory (RSS): ${startRss.toFixed(0)} MiB before the uploads (after the idle phase), ${peakRss.toFixed(0)} MiB at the peak, ${afterRss.toFixed(0)} MiB ${SETTLE_S} s after the soak`,
	)
	const logErrors = server
		.logs()
		.split('\n')
		.filter((line) => /"level":(50|60)/.test(line))
	console.log(`errors in the server log: ${logErrors.length}`)
} finally {
	await server.stop()
}

// Beginnings of names from the registry, a CVR number, Danish letters and a miss.
async function searchQueries(baseUrl: string): Promise<string[]> {
	const seeds = ['hol', 'jens', 'nielsen', 'consult', 'byg', 'møller', 'aarhus', 'tøm', 'xqzv']
	const names: string[] = []
	for (const seed of seeds) {
		const { businesses } = (await (await fetch(`${baseUrl}/businesses?query=${encodeURIComponent(seed)}`)).json()) as {
			businesses: { name: string; vat_number: string }[]
		}
		for (const business of businesses.slice(0, 3))
			names.push(business.name.split(' ').slice(0, 2).join(' '), business.vat_number)
	}
	return [...seeds, ...names]
}

// The dropzone's way: one file at a time into one order; then waits for every answer.
async function uploadCorpus(baseUrl: string) {
	const visitor = await visit(baseUrl, '/en/order')
	let cookie = visitor.cookie
	const files = readdirSync(path.join(CORPUS, 'files')).sort()
	const urls: string[] = []
	let uploadErrors = 0
	for (const file of files) {
		const form = new FormData()
		form.append('file', new Blob([await readFile(path.join(CORPUS, 'files', file))]), file)
		const response = await fetch(`${baseUrl}/en/order/documents`, {
			method: 'POST',
			body: form,
			headers: {
				cookie,
				'x-csrf-token': visitor.csrfToken,
				accept: 'application/json',
				'x-requested-with': 'XMLHttpRequest',
			},
		})
		const order = response.headers.getSetCookie().find((header) => header.startsWith('tolk_order='))
		if (order) cookie = `${cookie}; ${order.split(';')[0]}`
		const json = (await response.json()) as { document?: { url: string } }
		if (json.document) urls.push(json.document.url)
		else uploadErrors++
	}
	const outcomes: Record<string, number> = {}
	for (const url of urls) {
		for (;;) {
			const { document } = (await (await fetch(baseUrl + url)).json()) as {
				document: { status: string; manual_reason: string | null }
			}
			if (document.status !== 'pending') {
				const outcome = document.status === 'manual' ? `to a person (${document.manual_reason})` : 'counted'
				outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
				break
			}
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
	}
	return { at: Date.now(), count: urls.length, outcomes, uploadErrors }
}
