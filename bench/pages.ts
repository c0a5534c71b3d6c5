// Public pages against a static file server, in one run: nginx (Debian's nginx-light) serves each of
// /, /en, /en/faq and /priser as the app sends it, a precompressed file (gzip_static), node:http
// sends the same bytes from memory (one Node process's ceiling), then wrk loads the app's same
// pages with the page cache on, and the ten most visited public pages with it
// off (PAGE_CACHE_TTL_S=0). Prints req/s, p50 and p99, each cached page's ratio to nginx serving
// that page (the faster of its two runs) and to node:http, and what the server counted meanwhile (page cache hits,
// fills and forgets, statements per page rendered). On PostgreSQL (DATABASE_URL) the cached pages
// are loaded once more from WEB_CONCURRENCY (default 2) server processes. Then the home page's
// scripts, each with the chunks that import it.
// The uncached pages run twice: as the site runs, and with every page rendered on the main thread
// (RENDER_THREAD=0), the baseline. `-- --only cached`, `uncached` or `scripts` runs that part alone.
// Run: npm run build && npm run bench:pages   (needs: apt-get install wrk nginx-light)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { PAGE_PATHS } from '#app/utils/locales.ts'
import { launchBrowser } from '#tests/setup/browser.ts'
import { parseArgs } from 'node:util'
import { startServer, type RunningServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:pages')

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 50
// Served from the page cache: each beside nginx serving the same page's own HTML.
const CACHED = ['/', '/en', '/en/faq', '/priser']
// The ten most visited public pages, in both languages, rendered for every request (PAGE_CACHE_TTL_S=0).
const MOST_VISITED = (['home', 'prices', 'order', 'faq', 'about'] as const).flatMap((name) =>
	Object.values(PAGE_PATHS[name]),
)
const NGINX_PORT = 18_080
const NODE_PORT = 18_081

type Counters = Record<string, number>
type Result = {
	label: string
	rps: number
	p50: string
	p99: string
	errors: number
	baseline?: number
	// Node's own HTTP server sending the same bytes: what one Node process can do at all.
	ceiling?: number
	note?: string
}

for (const tool of ['wrk', 'nginx']) {
	if (spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) {
		console.error(`${tool} is missing: apt-get install wrk nginx-light`)
		process.exit(1)
	}
}

// wrk, two threads, 50 connections, asking for gzip as browsers do. `counters` reads the server's
// own (GET /healthz/counts) before and after the measured part.
async function load(url: string, label: string, counters?: () => Promise<Counters>): Promise<Result> {
	// Warm-up: compiled code, the cache filled, the heap at its working size.
	execFileSync('wrk', ['-t2', `-c${CONNECTIONS}`, '-d4s', '-H', 'Accept-Encoding: gzip', url])
	const before = await counters?.()
	const out = execFileSync(
		'wrk',
		['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-H', 'Accept-Encoding: gzip', url],
		{ encoding: 'utf8' },
	)
	const after = await counters?.()
	const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1])
	const errors =
		Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
		Number(/Socket errors: .*?(\d+)/.exec(out)?.[1] ?? 0)
	const p50 = /^\s+50%\s+(\S+)/m.exec(out)![1]!
	const p99 = /^\s+99%\s+(\S+)/m.exec(out)![1]!
	return { label, rps, p50, p99, errors, note: before && after ? describeCounters(before, after) : undefined }
}

// Hits, fills and forgets of the page cache, and statements per page rendered, in the measured part.
function describeCounters(before: Counters, after: Counters): string {
	const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0)
	const rendered = delta('renders') + delta('pageCacheFills')
	const perPage = rendered ? (delta('databaseQueries') / rendered).toFixed(2) : '-'
	return `hits ${delta('pageCacheHits')}, fills ${delta('pageCacheFills')}, forgets ${delta('pageCacheForgets')}, renders ${delta('renders')}, queries/render ${perPage}`
}

const countersOf = (server: RunningServer) => async () =>
	(await (await fetch(`${server.url}/healthz/counts`)).json()) as Counters

async function withServer<T>(env: Record<string, string>, work: (server: RunningServer) => T | Promise<T>): Promise<T> {
	const server = await startServer(env)
	try {
		return await work(server)
	} finally {
		await server.stop()
	}
}

// The least a Node server can do for a page: node:http answering every request with the page's
// gzip bytes from memory, in a process of its own. The app's cached pages against it show what
// the app adds; nginx against it, what one Node process cannot do (sendfile, a worker per core).
async function nodeServing(pages: string[]): Promise<{ url: string; stop: () => void }> {
	const dir = mkdtempSync(path.join(tmpdir(), 'tolk-node-'))
	pages.forEach((html, index) => writeFileSync(path.join(dir, `${index}.gz`), gzipSync(html, { level: 9 })))
	const script = `const http = require('node:http'), fs = require('node:fs');
const pages = fs.readdirSync(${JSON.stringify(dir)}).map((_, i) => fs.readFileSync(${JSON.stringify(dir)} + '/' + i + '.gz'));
http.createServer((req, res) => {
  const body = pages[Number(req.url.slice(1))];
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': body.length });
  res.end(body);
}).listen(${NODE_PORT}, '127.0.0.1', () => console.log('listening'));`
	const node = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
	await new Promise((resolve) => node.stdout!.once('data', resolve))
	return {
		url: `http://127.0.0.1:${NODE_PORT}/`,
		stop: () => {
			node.kill()
			rmSync(dir, { recursive: true, force: true })
		},
	}
}

// Debian's nginx-light with its own defaults (worker_processes auto, sendfile, tcp_nopush), the access
// log on as Debian ships it or off as the page cache has none.
async function nginxServing(pages: string[], accessLog: boolean): Promise<{ url: string; stop: () => void }> {
	const dir = mkdtempSync(path.join(tmpdir(), 'tolk-nginx-'))
	pages.forEach((html, index) => {
		writeFileSync(path.join(dir, `${index}.html`), html)
		writeFileSync(path.join(dir, `${index}.html.gz`), gzipSync(html, { level: 9 }))
	})
	const conf = `daemon off; worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log ${accessLog ? `${dir}/access.log` : 'off'}; default_type text/html; sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${NGINX_PORT}; root ${dir}; gzip_static on; location / { try_files $uri.html =404; } } }`
	writeFileSync(path.join(dir, 'nginx.conf'), conf)
	const nginx = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' })
	await new Promise((resolve) => setTimeout(resolve, 500))
	return {
		url: `http://127.0.0.1:${NGINX_PORT}/`,
		stop: () => {
			nginx.kill('SIGQUIT')
			rmSync(dir, { recursive: true, force: true })
		},
	}
}

const results: Result[] = []
const { values: options } = parseArgs({ options: { only: { type: 'string' } } })
// --only cached|uncached|scripts: one part alone.
const measuring = (part: 'cached' | 'uncached' | 'scripts') => !options.only || options.only === part
if (measuring('cached')) await measureCached()
for (const [label, env] of measuring('uncached')
	? ([
			['', {}],
			[', baseline: every page on the main thread (RENDER_THREAD=0)', { RENDER_THREAD: '0' }],
		] as const)
	: [])
	await withServer({ PAGE_CACHE_TTL_S: '0', ...env }, async (server) => {
		for (const page of MOST_VISITED)
			results.push(await load(server.url + page, `app ${page} (no page cache${label})`, countersOf(server)))
	})

async function measureCached() {
	// Each cached page's own HTML, as the app sends it, for nginx to serve as a file.
	const html = await withServer({}, (server) =>
		Promise.all(CACHED.map(async (page) => (await fetch(server.url + page)).text())),
	)
	const nginxRps = new Map<string, number>()
	for (const accessLog of [true, false]) {
		const nginx = await nginxServing(html, accessLog)
		try {
			for (const [index, page] of CACHED.entries()) {
				const result = await load(
					`${nginx.url}${index}`,
					`nginx ${page} as a precompressed file (access log ${accessLog ? 'on, as Debian ships it' : 'off'})`,
				)
				results.push(result)
				nginxRps.set(page, Math.max(nginxRps.get(page) ?? 0, result.rps))
			}
		} finally {
			nginx.stop()
		}
	}
	const nodeRps = new Map<string, number>()
	const node = await nodeServing(html)
	try {
		for (const [index, page] of CACHED.entries()) {
			const result = await load(`${node.url}${index}`, `node:http ${page}, the same bytes from memory, nothing else`)
			results.push(result)
			nodeRps.set(page, result.rps)
		}
	} finally {
		node.stop()
	}
	await withServer({}, async (server) => {
		for (const page of CACHED)
			results.push({
				...(await load(server.url + page, `app ${page} (page cache)`, countersOf(server))),
				baseline: nginxRps.get(page),
				ceiling: nodeRps.get(page),
			})
	})
	// On PostgreSQL, the same with several server processes sharing the port (WEB_CONCURRENCY, default 2 here).
	if (process.env.DATABASE_URL) {
		const processes = process.env.WEB_CONCURRENCY ?? '2'
		await withServer({ WEB_CONCURRENCY: processes }, async (server) => {
			for (const page of CACHED)
				results.push({
					...(await load(server.url + page, `app ${page} (page cache, WEB_CONCURRENCY=${processes})`)),
					baseline: nginxRps.get(page),
				})
		})
	}
}

console.log(
	`wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, Accept-Encoding: gzip; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`,
)
console.log('| what | req/s | p50 | p99 | × nginx, same page | × node:http, same bytes | errors | counted meanwhile |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
for (const { label, rps, p50, p99, errors, baseline, ceiling, note } of results) {
	const ratio = (to?: number) => (to ? (rps / to).toFixed(3) : '')
	console.log(
		`| ${label} | ${Math.round(rps).toLocaleString('en')} | ${p50} | ${p99} | ${ratio(baseline)} | ${ratio(ceiling)} | ${errors} | ${note ?? ''} |`,
	)
}

// What the home page makes the browser fetch before anyone touches it: Chromium opens it, waits
// for it to hydrate and for the network to settle, and every script it loaded is listed, with its
// size as the build precompressed it (gzip -9, brotli 11), as Chromium was sent it, and the chunks
// that import it.
if (measuring('scripts')) await listScripts()

async function listScripts() {
	const assets = new URL('../build/client', import.meta.url).pathname
	const scripts = await withServer({}, async (server) => {
		const browser = await launchBrowser()
		try {
			const page = await browser.newPage()
			const loaded: { path: string; sent: Promise<number> }[] = []
			page.on('response', (response) => {
				const { pathname } = new URL(response.url())
				if (pathname.endsWith('.js'))
					loaded.push({
						path: pathname,
						sent: response
							.request()
							.sizes()
							.then((sizes) => sizes.responseBodySize),
					})
			})
			await page.goto(`${server.url}/`, { waitUntil: 'networkidle' })
			await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
			await page.waitForLoadState('networkidle')
			return Promise.all(loaded.map(async ({ path: file, sent }) => ({ file, sent: await sent })))
		} finally {
			await browser.close()
		}
	})
	const importers = new Map<string, string[]>()
	for (const name of readdirSync(`${assets}/assets`).filter((file) => file.endsWith('.js'))) {
		const code = readFileSync(`${assets}/assets/${name}`, 'utf8')
		for (const [, imported] of code.matchAll(/(?:from|import\()\s*"\.\/([^"]+\.js)"/g))
			importers.set(imported!, [...(importers.get(imported!) ?? []), name])
	}
	const size = (file: string, suffix: string) => statSync(`${assets}${file}${suffix}`).size
	const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
	const total = (suffix: string) => scripts.reduce((sum, { file }) => sum + size(file, suffix), 0)
	const sent = scripts.reduce((sum, script) => sum + script.sent, 0)
	console.log(
		`\nhome page script before interaction (Chromium, hydrated, network idle): ${scripts.length} files, ${kb(total(''))} minified, ${kb(total('.gz'))} gzip -9, ${kb(total('.br'))} brotli 11, ${kb(sent)} as sent`,
	)
	console.log('| chunk | gzip | imported by |\n| --- | ---: | --- |')
	const names = new Set(scripts.map(({ file }) => file.replace('/assets/', '')))
	for (const { file } of scripts.sort((a, b) => size(b.file, '.gz') - size(a.file, '.gz'))) {
		const name = file.replace('/assets/', '')
		const by = (importers.get(name) ?? []).filter((importer) => names.has(importer))
		console.log(`| ${name} | ${kb(size(file, '.gz'))} | ${by.join(', ') || 'the page'} |`)
	}
}
