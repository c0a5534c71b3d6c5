// Public pages against a static file server, in one run: nginx (Debian's nginx-light) serves the
// home page's own HTML as a precompressed file (gzip_static), then wrk loads the app's /, /en,
// /en/faq and /priser with the page cache on, and again with it off (PAGE_CACHE_TTL_S=0). Prints
// req/s, p50 and p99 and each ratio to nginx. On PostgreSQL (DATABASE_URL) the cached pages are
// loaded once more from WEB_CONCURRENCY (default 2) server processes.
// Run: npm run build && npm run bench:pages   (needs: apt-get install wrk nginx-light)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startServer, type RunningServer } from '#tests/setup/server.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 50
const PATHS = ['/', '/en', '/en/faq', '/priser']
const NGINX_PORT = 18_080

type Result = { label: string; rps: number; p50: string; p99: string; errors: number }

for (const tool of ['wrk', 'nginx']) {
	if (spawnSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]).status !== 0) {
		console.error(`${tool} is missing: apt-get install wrk nginx-light`)
		process.exit(1)
	}
}

// wrk, two threads, 50 connections, asking for gzip as browsers do.
function load(url: string, label: string): Result {
	// Warm-up: compiled code, the cache filled, the heap at its working size.
	execFileSync('wrk', ['-t2', `-c${CONNECTIONS}`, '-d4s', '-H', 'Accept-Encoding: gzip', url])
	const out = execFileSync(
		'wrk',
		['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '-H', 'Accept-Encoding: gzip', url],
		{ encoding: 'utf8' },
	)
	const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1])
	const errors =
		Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
		Number(/Socket errors: .*?(\d+)/.exec(out)?.[1] ?? 0)
	return { label, rps, p50: /^\s+50%\s+(\S+)/m.exec(out)![1]!, p99: /^\s+99%\s+(\S+)/m.exec(out)![1]!, errors }
}

async function withServer<T>(env: Record<string, string>, work: (server: RunningServer) => T | Promise<T>): Promise<T> {
	const server = await startServer(env)
	try {
		return await work(server)
	} finally {
		await server.stop()
	}
}

// Debian's nginx-light with its own defaults (worker_processes auto, sendfile, tcp_nopush), the access
// log on as Debian ships it or off as the page cache has none.
async function nginxServing(html: string, accessLog: boolean): Promise<{ url: string; stop: () => void }> {
	const dir = mkdtempSync(path.join(tmpdir(), 'tolk-nginx-'))
	writeFileSync(path.join(dir, 'index.html'), html)
	writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html, { level: 9 }))
	const conf = `daemon off; worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log ${accessLog ? `${dir}/access.log` : 'off'}; default_type text/html; sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${NGINX_PORT}; root ${dir}; gzip_static on; location / { try_files /index.html =404; } } }`
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
const home = await withServer({}, async (server) => (await fetch(`${server.url}/`)).text())
for (const accessLog of [true, false]) {
	const nginx = await nginxServing(home, accessLog)
	try {
		results.push(
			load(
				nginx.url,
				`nginx, the home page as a precompressed file (access log ${accessLog ? 'on, as Debian ships it' : 'off'})`,
			),
		)
	} finally {
		nginx.stop()
	}
}
await withServer({}, (server) => {
	for (const page of PATHS) results.push(load(server.url + page, `app ${page} (page cache)`))
})
// On PostgreSQL, the same with several server processes sharing the port (WEB_CONCURRENCY, default 2 here).
if (process.env.DATABASE_URL) {
	const processes = process.env.WEB_CONCURRENCY ?? '2'
	await withServer({ WEB_CONCURRENCY: processes }, (server) => {
		for (const page of PATHS)
			results.push(load(server.url + page, `app ${page} (page cache, WEB_CONCURRENCY=${processes})`))
	})
}
await withServer({ PAGE_CACHE_TTL_S: '0' }, (server) => {
	for (const page of PATHS) results.push(load(server.url + page, `app ${page} (no page cache)`))
})

const [withLog, withoutLog] = [results[0]!.rps, results[1]!.rps]
console.log(
	`wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, Accept-Encoding: gzip; ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`,
)
console.log('| what | req/s | p50 | p99 | × nginx (log on) | × nginx (log off) | errors |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const { label, rps, p50, p99, errors } of results) {
	console.log(
		`| ${label} | ${Math.round(rps).toLocaleString('en')} | ${p50} | ${p99} | ${(rps / withLog).toFixed(3)} | ${(rps / withoutLog).toFixed(3)} | ${errors} |`,
	)
}

// What the home page makes the browser fetch before anyone touches it: the entry and every module
// it preloads, as the build precompressed them (what a browser is sent).
const scripts = [
	...new Set([...home.matchAll(/(?:modulepreload" href=|import\()"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!)),
]
const assets = new URL('../build/client', import.meta.url).pathname
const weight = (suffix: string) =>
	scripts.reduce((total, script) => total + statSync(`${assets}${script}${suffix}`).size, 0)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
console.log(
	`\nhome page script before interaction: ${scripts.length} files, ${kb(weight(''))} minified, ${kb(weight('.gz'))} gzip -9, ${kb(weight('.br'))} brotli 11`,
)
