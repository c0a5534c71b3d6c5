import { describe, expect, test } from 'vitest'
import { auditEvents } from '#database/schema.ts'
import { RESOURCES } from '#app/models/records/registry.ts'
import { RECORD_STORES } from '#app/models/records/registry.server.ts'
import { deleteRecord, saveRecord } from '#app/models/records/save.server.ts'
import { createStaff } from '#app/models/staff/account.server.ts'
import { setupTestDatabase } from '#tests/setup/database.ts'
import { testServices } from '#tests/setup/services.ts'

// The generic record model over a real database: typed repositories behind one check and save.
const testDatabase = setupTestDatabase()
const services = () => testServices({ db: testDatabase.handle.db })
const staffMember = async (role: 'admin' | 'editor' = 'admin') => {
	const user = await createStaff(testDatabase.handle.db, {
		email: `${role}-${Math.random()}@tolk.example`,
		name: 'Ane',
		password: 'x'.repeat(12),
		role,
	})
	return { id: user.id, email: user.email, name: user.name, role, sessionId: 'test' }
}

describe('records', () => {
	test('a language is checked, stored at the end of its list, updated and deleted, each step audited', async () => {
		const staff = await staffMember()
		const change = { resource: RESOURCES.languages, staff, id: null }
		expect(
			await saveRecord(services(), change, { code: 'Klingon!', nameDa: '', nameEn: 'Klingon', active: true }),
		).toEqual({
			ok: false,
			errors: { code: 'errors.languageCode', nameDa: 'errors.required' },
		})
		const created = await saveRecord(services(), change, {
			code: 'TLH',
			nameDa: 'Klingon',
			nameEn: 'Klingon',
			active: true,
		})
		expect(created).toEqual({ ok: true, id: expect.any(Number), name: 'Klingon (tlh)', created: true })
		const id = (created as { id: number }).id
		expect(await RECORD_STORES.languages.find(testDatabase.handle.db, id)).toEqual({
			code: 'tlh',
			nameDa: 'Klingon',
			nameEn: 'Klingon',
			active: true,
		})

		// The same code again breaks a unique index: said on the field, not thrown.
		expect(
			await saveRecord(services(), change, { code: 'tlh', nameDa: 'Igen', nameEn: 'Again', active: false }),
		).toEqual({ ok: false, errors: { code: 'errors.taken' } })
		expect(
			await saveRecord(
				services(),
				{ ...change, id },
				{ code: 'tlh', nameDa: 'Klingonsk', nameEn: 'Klingon', active: false },
			),
		).toMatchObject({ ok: true, created: false })
		expect(await deleteRecord(services(), { ...change, id })).toEqual({ ok: true, name: 'Klingonsk (tlh)' })
		expect(await deleteRecord(services(), { ...change, id })).toBeNull()
		const audit = await testDatabase.handle.db.select().from(auditEvents)
		expect(audit.filter((event) => event.subjectId === String(id)).map((event) => event.action)).toEqual([
			'create',
			'update',
			'delete',
		])
	})

	test('an account is never audited with its password, and staff cannot demote or delete themselves', async () => {
		const staff = await staffMember()
		const change = { resource: RESOURCES.users, staff, id: null }
		expect(
			await saveRecord(services(), change, { name: 'Bo', email: 'bo@tolk.example', role: 'editor', password: 'short' }),
		).toEqual({ ok: false, errors: { password: 'errors.passwordLength' } })
		const created = await saveRecord(services(), change, {
			name: 'Bo',
			email: 'Bo@Tolk.example',
			role: 'editor',
			password: 'a long enough secret',
		})
		expect(created).toMatchObject({ ok: true, name: 'Bo@Tolk.example' })
		// Editing without a password keeps it.
		expect(
			await saveRecord(
				services(),
				{ ...change, id: (created as { id: number }).id },
				{ name: 'Bo B', email: 'bo@tolk.example', role: 'editor', password: '' },
			),
		).toMatchObject({ ok: true })
		const audit = await testDatabase.handle.db.select().from(auditEvents)
		expect(JSON.stringify(audit)).not.toContain('a long enough secret')

		expect(
			await saveRecord(
				services(),
				{ ...change, id: staff.id },
				{ name: 'Ane', email: staff.email, role: 'editor', password: '' },
			),
		).toEqual({ ok: false, errors: { role: 'errors.ownRole' } })
		expect(await deleteRecord(services(), { ...change, id: staff.id })).toEqual({
			ok: false,
			errors: { _form: 'errors.ownAccount' },
		})
	})
})
