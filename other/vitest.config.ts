import { defineConfig } from 'vitest/config'

const setupFiles = ['./tests/setup/fail-on-console-error.ts']

export default defineConfig({
	root: new URL('..', import.meta.url).pathname,
	test: {
		maxWorkers: 2,
		projects: [
			{
				extends: true,
				test: { name: 'unit', include: ['{app,server,database}/**/*.test.ts'], setupFiles, testTimeout: 30_000 },
			},
			{
				extends: true,
				test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], setupFiles, testTimeout: 60_000, hookTimeout: 60_000 },
			},
			{
				extends: true,
				test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], setupFiles, testTimeout: 60_000, hookTimeout: 60_000 },
			},
		],
	},
})
