import { defineConfig } from 'vitest/config'

const setupFiles = ['./tests/setup/fail-on-console-error.ts']
// A page answers through a server and a browser that share two cores with another test file:
// expect.poll's own second is too short for a re-render under that load (a filter's rows were
// counted before React had drawn them). A poll that succeeds returns at once, so this costs nothing.
const slowPoll = { poll: { timeout: 10_000 } }

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
					setupFiles,
					testTimeout: 60_000,
					hookTimeout: 60_000,
					expect: slowPoll,
				},
			},
		],
	},
})
