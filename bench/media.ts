// What staff wait for when they put a picture or a file into a page, with figures:
// 1. How long an upload takes, by kind: a 12-megapixel camera JPEG, a 2-megapixel PNG screenshot
//    and a 1 MB PDF (the server checks, stores, and for pictures makes three WebP variants).
// 2. What the variants weigh next to the original.
// 3. How fast the editor's picker list (GET /admin/photos, JSON) answers with 200 photos.
// Run: npm run build && npm run bench:media
import sharp from 'sharp'
import { ADMIN_ENV, logIn, type StaffClient } from '#tests/setup/admin.ts'
import { startServer } from '#tests/setup/server.ts'
import { describeLoad, loadTest } from '#bench/load.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:media')

const ROUNDS = 10
const LIBRARY_SIZE = 200
const DURATION_S = 8
const CONNECTIONS = 10

const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

// Noise makes the encoders work as hard as on a real photograph.
const noisy = (width: number, height: number) =>
	sharp({
		create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
	})

async function upload(staff: StaffClient, kind: 'photos' | 'content_files', name: string, bytes: Buffer) {
	const form = new FormData()
	form.set('file', new Blob([new Uint8Array(bytes)]), name)
	const response = await staff.get(`/admin/${kind}`, {
		method: 'POST',
		body: form,
		headers: { accept: 'application/json', 'x-csrf-token': staff.csrfToken },
	})
	if (response.status !== 201) throw new Error(`${name}: ${response.status} ${await response.text()}`)
	return (await response.json()) as { url: string; thumb?: string }
}

async function uploads(serverUrl: string, staff: StaffClient) {
	const samples = [
		[
			'12 MP camera JPEG (4000x3000)',
			'photos',
			'camera.jpg',
			await noisy(4000, 3000).blur(1.2).jpeg({ quality: 88 }).toBuffer(),
		],
		['2 MP PNG screenshot (1920x1080)', 'photos', 'screen.png', await noisy(1920, 1080).blur(3).png().toBuffer()],
		[
			'1 MB PDF',
			'content_files',
			'brochure.pdf',
			Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 32), Buffer.from('\n%%EOF\n')]),
		],
	] as const
	for (const [label, kind, name, bytes] of samples) {
		const times: number[] = []
		let last: { url: string; thumb?: string } | null = null
		for (let round = 0; round < ROUNDS; round++) {
			const started = performance.now()
			last = await upload(staff, kind, name, bytes)
			times.push(performance.now() - started)
		}
		console.log(
			`upload ${label}, ${kib(bytes.length)}: median ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms (${ROUNDS} rounds)`,
		)
		if (kind === 'photos' && last) {
			const sizes = await Promise.all(
				['thumb', 'medium', 'large'].map(
					async (variant) =>
						`${variant} ${kib((await (await fetch(serverUrl + last.url.replace('large', variant))).arrayBuffer()).byteLength)}`,
				),
			)
			console.log(`  served variants: ${sizes.join(', ')}`)
		}
	}
}

const server = await startServer(ADMIN_ENV)
try {
	const staff = await logIn(server.url)
	await uploads(server.url, staff)
	const small = await noisy(400, 300).jpeg().toBuffer()
	for (let count = 2 * ROUNDS; count < LIBRARY_SIZE; count++) await upload(staff, 'photos', `photo-${count}.jpg`, small)
	const headers = [`cookie=${staff.cookie}`, 'accept=application/json']
	const result = await loadTest(`${server.url}/admin/photos`, {
		connections: CONNECTIONS,
		seconds: DURATION_S,
		headers,
	})
	console.log(
		`picker list GET /admin/photos (${LIBRARY_SIZE} photos, JSON), ${CONNECTIONS} connections: ${describeLoad(result)}`,
	)
} finally {
	await server.stop()
}
