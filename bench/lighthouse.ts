// Lighthouse's four scores for every public page, on Debian's Chromium against the built site with
// its demo content (Lighthouse's own simulated slow 4G and mid-range phone for performance).
// Run: npm run build && npm run bench:lighthouse
import { audit } from '#tests/setup/lighthouse.ts'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:lighthouse')

async function retryOnce<T>(run: () => Promise<T>): Promise<T> {
	try {
		return await run()
	} catch (error) {
		console.log(' '.repeat(34), String(error))
		return run()
	}
}

const server = await startServer()
try {
	// Every public page: the ones the sitemap lists, in both languages.
	const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
	const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
	// One visit each first, so the audits see a warm server rather than its first start.
	for (const path of paths) await (await fetch(server.url + path)).text()
	console.log('page'.padEnd(32), 'perf', 'a11y', 'best', 'seo', '   FCP', '   LCP', '   TBT')
	for (const path of paths) {
		// A run Lighthouse itself gives up on (it happens about one time in fifteen here) is run again.
		const { scores, shortfalls, timings } = await retryOnce(() =>
			audit(server.url + path, ['performance', 'accessibility', 'best-practices', 'seo']),
		)
		console.log(
			path.padEnd(32),
			...['performance', 'accessibility', 'best-practices', 'seo'].map((id) => String(scores[id]).padStart(4)),
			...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'].map((id) =>
				`${Math.round(timings[id] ?? 0)} ms`.padStart(8),
			),
		)
		for (const shortfall of shortfalls) console.log(' '.repeat(34), shortfall)
	}
} finally {
	await server.stop()
}
