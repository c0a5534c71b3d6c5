import { changedFields, recordAudit, type AuditServices } from '#app/models/audit/record.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import type { Resource } from '#app/models/records/definition.ts'
import { fieldErrorsOf, type FieldErrors } from '#app/models/records/form.ts'
import { RECORD_STORES, uniqueViolationField } from '#app/models/records/registry.server.ts'

export type RecordChange = { resource: Resource; staff: Staff; id: number | null }
export type SaveResult =
	{ ok: true; id: number; name: string; created: boolean } | { ok: false; errors: FieldErrors } | null

// Create or update one record: check it, keep staff from taking away their own admin role, save,
// and write the audit entry. Null when the record to update is gone.
export async function saveRecord(
	services: AuditServices,
	{ resource, staff, id }: RecordChange,
	values: Record<string, unknown>,
	uploadErrors: FieldErrors = {},
): Promise<SaveResult> {
	const store = RECORD_STORES[resource.name]
	const checked = store.check(values, id !== null)
	if (!checked.success || Object.keys(uploadErrors).length) {
		return { ok: false, errors: { ...(checked.success ? {} : fieldErrorsOf(checked.error)), ...uploadErrors } }
	}
	const { record } = checked
	if (resource.name === 'users' && id === staff.id && record.values.role !== 'admin')
		return { ok: false, errors: { role: 'errors.ownRole' } }
	if (resource.name === 'users' && id === staff.id && record.values.deactivated === true)
		return { ok: false, errors: { deactivated: 'errors.ownAccount' } }

	const before = id ? await store.find(services.db, id) : null
	if (id && !before) return null
	let savedId: number
	try {
		savedId = await record.save(services.db, id)
	} catch (error) {
		const field = uniqueViolationField(error)
		if (!field) throw error
		return { ok: false, errors: { [field]: 'errors.taken' } }
	}
	const { password: secret, ...auditable } = record.values
	const name = record.describe()
	await recordAudit(services, staff, {
		action: before ? 'update' : 'create',
		subjectType: resource.name,
		subjectId: savedId,
		summary: name,
		changes: { fields: changedFields(before, auditable).concat(secret ? ['password'] : []) },
	})
	return { ok: true, id: savedId, name, created: !before }
}

export type DeleteResult = { ok: true; name: string } | { ok: false; errors: FieldErrors } | null

// Staff cannot delete their own account; null when the record is gone already.
export async function deleteRecord(
	services: AuditServices,
	{ resource, staff, id }: RecordChange & { id: number },
): Promise<DeleteResult> {
	if (resource.name === 'users' && id === staff.id) return { ok: false, errors: { _form: 'errors.ownAccount' } }
	const store = RECORD_STORES[resource.name]
	const record = await store.find(services.db, id)
	if (!record) return null
	await store.remove(services.db, id)
	const name = store.describe(record)
	await recordAudit(services, staff, { action: 'delete', subjectType: resource.name, subjectId: id, summary: name })
	return { ok: true, name }
}
