import { describe, expect, test } from 'vitest'
import { audit } from '#tests/setup/lighthouse.ts'
import { setupBrowserTests } from '#tests/setup/browser.ts'

const session = setupBrowserTests()

// Performance is measured (npm run bench:lighthouse), never asserted: it depends on the machine.
describe('Lighthouse', () => {
	test.each(['/', '/en'])(
		'scores at least 95 for accessibility, best practices and SEO on the home page %s',
		async (path) => {
			const { scores, shortfalls } = await audit(session.server.url + path, ['accessibility', 'best-practices', 'seo'])
			expect(Object.keys(scores).sort()).toEqual(['accessibility', 'best-practices', 'seo'])
			for (const score of Object.values(scores)) expect(score, shortfalls.join('\n')).toBeGreaterThanOrEqual(95)
		},
	)
})
