import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
	(file) => spawnSync(file, ['-v'], { stdio: 'ignore' }).status === 0,
)

export type Balancer = { url: string; process: ChildProcess; stop: () => Promise<void> }

// A real nginx in front of the given servers, round robin (its default), passing WebSockets
// (/cable) and streaming request bodies as a site's own proxy would.
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
	if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)')
	const prefix = await mkdtemp(path.join(tmpdir(), 'tolk-nginx-'))
	const port = await freePort()
	const servers = upstreams.map((url) => `server ${new URL(url).host};`).join(' ')
	await writeFile(
		path.join(prefix, 'nginx.conf'),
		`daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
	access_log off;
	client_body_temp_path ${prefix}/body;
	proxy_temp_path ${prefix}/proxy;
	fastcgi_temp_path ${prefix}/fastcgi;
	uwsgi_temp_path ${prefix}/uwsgi;
	scgi_temp_path ${prefix}/scgi;
	map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
	upstream tolk { ${servers} keepalive 16; }
	server {
		listen 127.0.0.1:${port};
		client_max_body_size 200m;
		proxy_request_buffering off;
		proxy_buffering off;
		location / {
			proxy_pass http://tolk;
			proxy_http_version 1.1;
			proxy_set_header Host $http_host;
			proxy_set_header Upgrade $http_upgrade;
			proxy_set_header Connection $connection_upgrade;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
			proxy_set_header X-Forwarded-Proto $scheme;
		}
	}
}
`,
	)
	const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], {
		stdio: ['ignore', 'ignore', 'pipe'],
	})
	let errors = ''
	child.stderr!.on('data', (chunk: Buffer) => (errors += chunk))
	const url = `http://127.0.0.1:${port}`
	for (let attempt = 0; ; attempt++) {
		if (child.exitCode !== null) throw new Error(`nginx did not start: ${errors}`)
		const up = await fetch(`${url}/healthz`).then(
			(response) => response.ok,
			() => false,
		)
		if (up) break
		if (attempt > 100) throw new Error(`nginx did not answer: ${errors}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return {
		url,
		process: child,
		async stop() {
			if (child.exitCode === null) {
				const exit = once(child, 'exit')
				child.kill('SIGQUIT')
				await exit
			}
			await rm(prefix, { recursive: true, force: true })
		},
	}
}

export async function freePort(): Promise<number> {
	const server = createServer()
	server.listen(0, '127.0.0.1')
	await once(server, 'listening')
	const { port } = server.address() as { port: number }
	server.close()
	await once(server, 'close')
	return port
}
