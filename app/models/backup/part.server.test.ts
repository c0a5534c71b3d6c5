import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, test } from 'vitest'
import { BackupError } from '#app/models/backup/errors.server.ts'
import { writePart } from '#app/models/backup/part.server.ts'

const folder = mkdtempSync(path.join(tmpdir(), 'tolk-part-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('a part that never ends', () => {
	// What a deadlocked archiver looked like: a stream that gives a little and then nothing, ever.
	test('is stopped at its deadline, and the backup fails saying so', async () => {
		let given = 0
		const stuck = new Readable({
			read() {
				if (given++ < 3) this.push(Buffer.alloc(1024))
			},
		})
		const file = path.join(folder, 'files.tar')
		const written = writePart(stuck, file, { deadlineMs: 300 })
		await expect(written).rejects.toBeInstanceOf(BackupError)
		await expect(written).rejects.toMatchObject({
			problem: 'timeout',
			message: expect.stringContaining('files.tar was not written within'),
		})
		expect(stuck.destroyed).toBe(true)
		expect(existsSync(file)).toBe(true)
	})
})
