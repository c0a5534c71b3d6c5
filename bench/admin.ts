// Two questions about the admin, with figures:
// 1. Does a wrong email answer as fast (or as slow) as a wrong password? It must not be
//    faster, or the timing would say which emails have accounts.
// 2. How many admin list pages per second does the built server render for signed-in staff,
//    next to the public FAQ page?
// Run: npm run build && npm run bench:admin
import { createStaff, logIn as logInStaff } from '#app/models/staff/account.server.ts'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { createTestDatabase, openTestDatabase } from '#tests/setup/database.ts'
import { startServer } from '#tests/setup/server.ts'
import { describeLoad, loadTest } from '#bench/load.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run bench:admin')

const ATTEMPTS = 40
const DURATION_S = 8
const CONNECTIONS = 10

const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!
const format = (values: number[]) =>
	`median ${percentile(values, 0.5).toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms`

async function loginTiming() {
	const test = await createTestDatabase()
	const database = await openTestDatabase(test)
	try {
		// Four attempts per account and per address stay under the throttle (five).
		const accounts = ATTEMPTS / 4
		for (let n = 0; n < accounts; n++)
			await createStaff(database.db, {
				email: `staff${n}@bench.example`,
				name: `Staff ${n}`,
				password: `right-password-${n}`,
				role: 'editor',
			})
		const wrongPassword: number[] = []
		const wrongEmail: number[] = []
		for (let n = 0; n < ATTEMPTS; n++) {
			for (const [email, samples] of [
				[`staff${n % accounts}@bench.example`, wrongPassword],
				[`nobody${n}@bench.example`, wrongEmail],
			] as const) {
				const started = performance.now()
				const result = await logInStaff(database.db, { email, password: 'wrong-password', ipHash: `${email}-${n}` })
				samples.push(performance.now() - started)
				if (result.outcome !== 'refused') throw new Error(`expected a refusal, got ${result.outcome}`)
			}
		}
		console.log(`login, wrong password (${ATTEMPTS}): ${format(wrongPassword)}`)
		console.log(`login, unknown email  (${ATTEMPTS}): ${format(wrongEmail)}`)
	} finally {
		await database.close()
		await test.drop()
	}
}

async function pageThroughput() {
	const server = await startServer(ADMIN_ENV)
	try {
		const staff = await logIn(server.url)
		for (const [label, path, cookie] of [
			['public /en/faq', '/en/faq', undefined],
			['admin /admin/faq (signed in)', '/admin/faq', staff.cookie],
			['admin /admin/team/1 form (signed in)', '/admin/team/1', staff.cookie],
		] as const) {
			const headers = cookie ? [`cookie=${cookie}`] : []
			const result = await loadTest(server.url + path, { connections: CONNECTIONS, seconds: DURATION_S, headers })
			console.log(`${label}: ${describeLoad(result)}`)
		}
	} finally {
		await server.stop()
	}
}

console.log(`${CONNECTIONS} connections, ${DURATION_S} s per page`)
await loginTiming()
await pageThroughput()
