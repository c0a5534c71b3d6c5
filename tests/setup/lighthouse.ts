import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo'
export type Audit = { scores: Record<string, number>; shortfalls: string[]; timings: Record<string, number> }

// The simulated paint and blocking times (ms), where performance was audited.
const TIMINGS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'] as const

// Lighthouse on Debian's Chromium: each category's score (0-100) and every weighted audit that
// did not pass in full, as "category/audit: display value", so a failure says what to fix.
export async function audit(url: string, categories: Category[]): Promise<Audit> {
	const chrome = await chromeLauncher.launch({
		chromePath: CHROMIUM,
		chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
	})
	try {
		const result = await lighthouse(url, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: categories,
		})
		if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
		const { categories: scored, audits, runtimeError } = result.lhr
		const failed = Object.values(scored).find((category) => category.score === null)
		if (runtimeError || failed) {
			const why = runtimeError?.message ?? failed?.auditRefs.map((ref) => audits[ref.id]?.errorMessage).find(Boolean)
			throw new Error(`Lighthouse could not score ${url}: ${why}`)
		}
		const scores = Object.fromEntries(
			Object.entries(scored).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
		)
		const shortfalls = Object.values(scored).flatMap((category) =>
			category.auditRefs
				.filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 0) < 1)
				.map((ref) => `${category.id}/${ref.id}: ${audits[ref.id]?.displayValue ?? audits[ref.id]?.score}`),
		)
		const timings = Object.fromEntries(
			TIMINGS.filter((id) => audits[id]?.numericValue !== undefined).map((id) => [id, audits[id]!.numericValue!]),
		)
		return { scores, shortfalls, timings }
	} finally {
		chrome.kill()
	}
}
