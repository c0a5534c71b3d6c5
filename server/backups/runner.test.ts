import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import type { DatabaseHandle } from '#database/client.ts'
import { backups, settings } from '#database/schema.ts'
import { seedDatabase } from '#database/seed.ts'
import type { MailMessage } from '#server/mailer.ts'
import { createBackupRunner } from '#server/backups/runner.ts'
import { agencyDay, agencyWeek } from '#app/models/backup/agency-time.ts'
import { listStoredBackups, pruneBackups } from '#app/models/backup/store.server.ts'
import { backupAlert } from '#app/models/backup/schedule.server.ts'
import { createTestDatabase, openTestDatabase, SCRATCH, type TestDatabase } from '#tests/setup/database.ts'

let test_: TestDatabase
let handle: DatabaseHandle
let root: string
const mails: MailMessage[] = []

beforeAll(async () => {
	test_ = await createTestDatabase()
	handle = await openTestDatabase(test_)
	await seedDatabase(handle.db, { companies: 0 })
	root = mkdtempSync(path.join(SCRATCH, 'tolk-runner-'))
})
afterAll(async () => {
	await handle?.close()
	await test_?.drop()
	rmSync(root, { recursive: true, force: true })
})

const runnerIn = (backupDir: string) =>
	createBackupRunner({
		database: handle,
		databaseUrl: test_.databaseUrl,
		dataDir: test_.dataDir,
		backupDir,
		logger: pino({ level: 'silent' }),
		sendMail: (mail) => void mails.push(mail),
	})

const settled = (runner: { isRunning: () => boolean }) =>
	new Promise<void>((resolve) => {
		const wait = setInterval(() => {
			if (runner.isRunning()) return
			clearInterval(wait)
			resolve()
		}, 50)
	})

describe('the nightly backup', () => {
	test('runs once a day, from the set time in Danish time on, and is verified', async () => {
		await handle.db.update(settings).set({ backupTime: '03:00' })
		const runner = runnerIn(path.join(root, 'nightly'))
		// 02:59 in Copenhagen (winter time, UTC+1): not yet.
		await runner.tick(new Date('2026-11-26T01:59:00Z'))
		expect(runner.isRunning()).toBe(false)
		expect(await handle.db.select().from(backups)).toEqual([])

		await runner.tick(new Date('2026-11-26T02:01:00Z'))
		expect(runner.isRunning()).toBe(true)
		await settled(runner)
		const [row] = await handle.db.select().from(backups)
		expect(row).toMatchObject({ trigger: 'nightly', status: 'done', verified: true, name: 'tolk-2026-11-26T02-01-00Z' })
		expect(row!.sizeBytes).toBeGreaterThan(0)

		// Later the same night, and after a restart: still one for the day.
		await runner.tick(new Date('2026-11-26T04:30:00Z'))
		await runnerIn(path.join(root, 'nightly')).tick(new Date('2026-11-26T22:59:00Z'))
		expect(await handle.db.select().from(backups)).toHaveLength(1)
		// The next night: the next one.
		await runner.tick(new Date('2026-11-27T02:00:30Z'))
		await settled(runner)
		expect(await handle.db.select().from(backups)).toHaveLength(2)
		expect(await backupAlert(handle.db, new Date('2026-11-27T09:00:00Z'))).toBeNull()
		expect(await backupAlert(handle.db, new Date('2026-11-29T09:00:00Z'))).toEqual({ kind: 'missing' })
	}, 120_000)

	test('one at a time: a second start while one runs is turned down', async () => {
		const runner = runnerIn(path.join(root, 'twice'))
		const [a, b] = await Promise.all([runner.start('manual'), runner.start('manual')])
		expect([a.started, b.started].sort()).toEqual([false, true])
		await (a.started ? a.done : b.done)
	}, 60_000)

	test('a backup that cannot be written is recorded as failed, mailed to the agency and shown on the dashboard', async () => {
		const blocked = path.join(root, 'not-a-folder')
		writeFileSync(blocked, 'a file where the backup folder should be')
		const before = mails.length
		// After every run before it: the test above starts its runs at the real time, so a fixed day
		// here stopped being the newest once that day had passed (on 28 November 2026 at 10:00 UTC).
		const at = new Date(Date.now() + 60_000)
		const run = await runnerIn(blocked).start('manual', at)
		const result = await run.done!
		expect(result.ok).toBe(false)
		const [agency] = await handle.db.select({ email: settings.email }).from(settings)
		expect(mails.slice(before)).toEqual([
			expect.objectContaining({ to: agency!.email, subject: expect.stringContaining('Backup failed') }),
		])
		const [row] = await handle.db.select().from(backups).where(eq(backups.name, result.name))
		expect(row).toMatchObject({ status: 'failed', problem: expect.stringMatching(/EEXIST|ENOTDIR/) })
		expect(await backupAlert(handle.db, new Date(at.getTime() + 60 * 60_000))).toMatchObject({
			kind: 'failed',
			name: result.name,
		})
	})
})

describe('what is kept', () => {
	test('every backup of the last day, the newest of each of 7 days and of each of 4 weeks; the rest goes', async () => {
		const folder = path.join(root, 'retention')
		const hour = 60 * 60 * 1000
		const now = Date.now()
		// Two a day (03:00 and 15:00 UTC) for 60 days back.
		for (let hours = 1; hours < 60 * 24; hours += 12) {
			const at = new Date(now - hours * hour)
			const name = `tolk-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z`
			mkdirSync(path.join(folder, name), { recursive: true })
			writeFileSync(path.join(folder, name, 'manifest.json'), '{}')
		}
		const all = await listStoredBackups(folder)
		await pruneBackups(folder, { daily: 7, weekly: 4 }, agencyDay, agencyWeek)
		const kept = await listStoredBackups(folder)
		const lastDay = all.filter((backup) => now - backup.createdAt.getTime() < 24 * hour)
		for (const backup of lastDay) expect(kept.map((k) => k.name)).toContain(backup.name)
		const days = new Set(kept.map((backup) => agencyDay(backup.createdAt)))
		const weeks = new Set(kept.map((backup) => agencyWeek(backup.createdAt)))
		expect(days.size).toBeGreaterThanOrEqual(7)
		expect(weeks.size).toBeGreaterThanOrEqual(4)
		expect(weeks.size).toBeLessThanOrEqual(5)
		// Nothing older than the fourth week back with a backup.
		const oldest = Math.min(...kept.map((backup) => backup.createdAt.getTime()))
		expect(now - oldest).toBeLessThan(35 * 24 * hour)
		expect(kept.length).toBeLessThan(7 + 4 + lastDay.length + 1)
	})
})

describe('where backups may go', () => {
	test('never inside a folder that is served or backed up', () => {
		for (const folder of ['uploads', 'uploads/images/backups', 'documents/x', 'media'])
			expect(() => runnerIn(path.join(test_.dataDir, folder)), folder).toThrow(/must not be inside DATA_DIR/)
		expect(() => runnerIn(path.join(test_.dataDir, 'backups'))).not.toThrow()
	})
})
