import { defineConfig } from 'vitest/config'

const setupFiles = ['./tests/setup/fail-on-console-error.ts']
// A page answers through a server and a browser that share two cores with another test file:
// expect.poll's own second is too short for a re-render under that load (a filter's rows were
// counted before React had drawn them). A poll that succeeds returns at once, so this costs nothing.
const slowPoll = { poll: { timeout: 10_000 } }
// The PostgreSQL pass (DATABASE_URL set) runs what the database kind changes: every test that
// calls the models or the database layer directly, and the integration and browser tests whose
// subject differs between the engines (connections and their loss, LISTEN/NOTIFY between
// processes, shared limits and caches, the file store, leases on jobs, backups, start and stop).
// What a page does once rendered, the guards, the parsers and the pure rules do not depend on the
// engine behind them and run on the embedded database only (docs/testing.md).
const POSTGRES_PASS = {
	include: [
		'{app,server,database}/**/*.test.ts',
		...[
			'accounts',
			'admin-records',
			'backup',
			'businesses',
			'cable',
			'database-session',
			'documents',
			'lifecycle',
			'login-throttle',
			'orders-admin',
			'page-cache',
			'requests',
			'several-processes',
			'translations',
			'translators',
		].map((name) => `tests/integration/${name}.test.ts`),
		...['live-updates', 'order-lifecycle'].map((name) => `tests/e2e/${name}.test.ts`),
	],
	// Pure: no database in them.
	exclude: [
		'app/models/wordcount/**',
		'app/utils/**',
		'app/components/**',
		'app/models/quote/rules.test.ts',
		'app/models/backup/tar.server.test.ts',
		// Engine-independent: what a restore trusts (the embedded pass restores an embedded backup).
		'app/models/backup/restore.server.test.ts',
		'app/models/invoice/oioubl.test.ts',
		'app/models/invoice/bank-preview.test.ts',
		'server/{env,csrf,trust-proxy,body-limit,canonical-address,logger}.test.ts',
		'server/render-thread/{eligible,pool}.test.ts',
		'app/models/vendor/{capacity,deadline,fees}.test.ts',
		'app/models/order/delivery-names.test.ts',
		'app/models/audit/text.test.ts',
		'server/bank-statement/**',
		'server/analysis/pool.test.ts',
	],
}

const PGLITE_PROJECTS = [
	{
		// A file's database is made in its beforeAll: PGlite's first start alone takes 4–6 s on a 2-core machine.
		name: 'unit',
		include: ['{app,server,database}/**/*.test.ts'],
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
	{ name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
	{ name: 'e2e', include: ['tests/e2e/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
]

const projects = process.env.DATABASE_URL
	? [{ name: 'postgres', ...POSTGRES_PASS, testTimeout: 60_000, hookTimeout: 60_000 }]
	: PGLITE_PROJECTS

export default defineConfig({
	root: new URL('..', import.meta.url).pathname,
	test: {
		maxWorkers: 2,
		// Each test database starts as a copy of one migrated once (tests/setup/template-database.ts).
		globalSetup: ['./tests/setup/template-database.ts'],
		projects: projects.map((project) => ({
			extends: true,
			test: { ...project, setupFiles, expect: slowPoll },
		})),
	},
})
