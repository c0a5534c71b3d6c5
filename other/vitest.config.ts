import { defineConfig } from 'vitest/config'

const setupFiles = ['./tests/setup/fail-on-console-error.ts']
// A page answers through a server and a browser that share two cores with another test file:
// expect.poll's own second is too short for a re-render under that load (a filter's rows were
// counted before React had drawn them). A poll that succeeds returns at once, so this costs nothing.
const slowPoll = { poll: { timeout: 10_000 } }
// What the browser does with a rendered page (folding, scrolling, fading, carousel, tooltips, the
// layout on a phone, Lighthouse's scores) does not depend on which database rendered it: these run
// on the embedded database only, and the PostgreSQL pass (DATABASE_URL) runs everything that reads
// or writes data.
const BROWSER_ONLY = [
	'carousel',
	'effects',
	'faq',
	'lazy-images',
	'lighthouse',
	'phones',
	'read-more',
	'scroll-link',
	'tabs',
	'tooltip',
].map((name) => `tests/e2e/${name}.test.ts`)

export default defineConfig({
	root: new URL('..', import.meta.url).pathname,
	test: {
		maxWorkers: 2,
		// Each test database starts as a copy of one migrated once (tests/setup/template-database.ts).
		globalSetup: ['./tests/setup/template-database.ts'],
		projects: [
			{
				extends: true,
				// A file's database is made in its beforeAll: PGlite's first start alone takes 4–6 s on a 2-core machine.
				test: {
					name: 'unit',
					include: ['{app,server,database}/**/*.test.ts'],
					setupFiles,
					testTimeout: 30_000,
					hookTimeout: 60_000,
				},
			},
			{
				extends: true,
				test: {
					name: 'integration',
					include: ['tests/integration/**/*.test.ts'],
					setupFiles,
					testTimeout: 60_000,
					hookTimeout: 60_000,
					expect: slowPoll,
				},
			},
			{
				extends: true,
				test: {
					name: 'e2e',
					include: ['tests/e2e/**/*.test.ts'],
					exclude: process.env.DATABASE_URL ? BROWSER_ONLY : [],
					setupFiles,
					testTimeout: 60_000,
					hookTimeout: 60_000,
					expect: slowPoll,
				},
			},
		],
	},
})
