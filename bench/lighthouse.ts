// Lighthouse's four scores for the public pages, on Debian's Chromium against the built site with
// its demo content (Lighthouse's own simulated slow 4G and mid-range phone for performance).
// Run: npm run build && npm run bench:lighthouse
import { audit } from '#tests/setup/lighthouse.ts'
import { startServer } from '#tests/setup/server.ts'

const PATHS = ['/', '/en', '/priser', '/en/order', '/faq', '/en/about', '/kontakt']

const server = await startServer()
try {
	// One visit each first, so the audits see a warm server rather than its first start.
	for (const path of PATHS) await (await fetch(server.url + path)).text()
	console.log('page'.padEnd(12), 'perf', 'a11y', 'best', 'seo')
	for (const path of PATHS) {
		const { scores, shortfalls } = await audit(server.url + path, [
			'performance',
			'accessibility',
			'best-practices',
			'seo',
		])
		console.log(
			path.padEnd(12),
			...['performance', 'accessibility', 'best-practices', 'seo'].map((id) => String(scores[id]).padStart(4)),
		)
		for (const shortfall of shortfalls) console.log(' '.repeat(14), shortfall)
	}
} finally {
	await server.stop()
}
