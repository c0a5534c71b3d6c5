import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { receiveUpload, UploadRefused } from '#app/models/documents/upload.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'
import { multipartOf } from '#tests/setup/upload.ts'

// The upload model fed a real multipart stream, storing into a real directory and database.
const testDatabase = setupTestDatabase()
const documentsDir = mkdtempSync(path.join(tmpdir(), 'tolk-upload-'))
afterAll(() => rmSync(documentsDir, { recursive: true, force: true }))

function upload(name: string, content: string, limitMib = 1) {
	const source = multipartOf(name, content)
	const services = { ...testServices({ db: testDatabase.handle.db }), documentsDir }
	return receiveUpload(services, { source, draftId: 'draft-upload', limitMib, ipHash: 'test' })
}

const refusalOf = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(error: unknown) => (error instanceof UploadRefused ? error.refusal.reason : error),
	)

describe('receiving an upload', () => {
	test('stores an accepted file under its own name and hands back what the page shows', async () => {
		const document = await upload('Bekræftelse\u202Egnp.txt', 'Kære kunde, tak for brevet.')
		// Danish letters arrive as typed (UTF-8), a direction override does not.
		expect(document).toMatchObject({ name: 'Bekræftelsegnp.txt', type: 'txt', status: 'pending' })
		expect(readdirSync(documentsDir).filter((file) => !file.endsWith('.part'))).toHaveLength(1)
	})

	test('refuses a type not on the list, content that is not what its name says, and a file over the limit, leaving nothing behind', async () => {
		expect(await refusalOf(upload('program.exe', 'MZ'))).toBe('type')
		expect(await refusalOf(upload('falsk.pdf', 'not a pdf at all'))).toBe('content')
		expect(await refusalOf(upload('stor.txt', 'ord '.repeat(300_000), 1))).toBe('too-big')
		expect(readdirSync(documentsDir).filter((file) => file.endsWith('.part'))).toEqual([])
	})
})
