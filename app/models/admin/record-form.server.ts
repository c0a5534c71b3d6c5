import { data, redirect, type RouterContextProvider } from 'react-router'
import type { Resource } from '#app/utils/admin-resources.ts'
import { fieldErrorsOf, type FieldErrors } from '#app/utils/admin-form.ts'
import { formValues } from '#app/utils/admin-resources.ts'
import { getDb, servicesContext } from '#app/utils/context.server.ts'
import { MAX_IMAGE_BYTES, NotAnImageError, storeImage } from '../media/images.server.ts'
import { parseMultipart, UploadTooLargeError } from '#app/utils/multipart.server.ts'
import type { Staff } from '../staff/session.server.ts'
import { changedFields, recordAudit } from './audit.server.ts'
import { flashHeader } from './flash.server.ts'
import { REPOSITORIES, uniqueViolationField } from './records.server.ts'
import { fieldsOf } from '#app/utils/request-body.server.ts'

type Context = Readonly<RouterContextProvider>

// Reads the form, storing any uploaded image first, so a failed validation keeps the upload.
async function readForm(request: Request, resource: Resource, uploadsDir: string) {
	const errors: FieldErrors = {}
	if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
		return { form: fieldsOf(await request.text()), errors }
	}
	const imageFields = resource.fields.filter((field) => field.kind === 'image')
	let parsed
	try {
		parsed = await parseMultipart(request, { maxFileBytes: MAX_IMAGE_BYTES, maxFiles: imageFields.length })
	} catch (error) {
		if (!(error instanceof UploadTooLargeError)) throw error
		return { form: new URLSearchParams(), errors: { [imageFields[0]?.name ?? '_form']: 'errors.imageTooLarge' } }
	}
	try {
		for (const field of imageFields) {
			const file = parsed.files.find((candidate) => candidate.field === `${field.name}File`)
			if (!file) continue
			try {
				parsed.fields.set(field.name, await storeImage(file, uploadsDir))
			} catch (error) {
				if (!(error instanceof NotAnImageError)) throw error
				errors[field.name] = 'errors.notAnImage'
			}
		}
		return { form: parsed.fields, errors }
	} finally {
		await parsed.cleanup()
	}
}

type SaveArgs = { request: Request; context: Context; resource: Resource; staff: Staff; id: number | null }

// Create or update one record: validate, save, audit, and back to the list with a flash message.
export async function saveRecord({ request, context, resource, staff, id }: SaveArgs) {
	const db = getDb(context)
	const { form, errors: uploadErrors } = await readForm(request, resource, context.get(servicesContext).uploadsDir)
	const values = formValues(resource, form)
	const typed = { ...values, password: undefined }
	const schema = id ? (resource.editSchema ?? resource.schema) : resource.schema
	const parsed = schema.safeParse(values)
	if (!parsed.success || Object.keys(uploadErrors).length) {
		const errors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...uploadErrors }
		return data({ errors, values: typed }, { status: 422 })
	}
	if (resource.name === 'users' && id === staff.id && parsed.data.role !== 'admin') {
		return data({ errors: { role: 'errors.ownRole' }, values: typed }, { status: 422 })
	}

	const repository = REPOSITORIES[resource.name]
	const before = id ? await repository.find(db, id) : null
	if (id && !before) throw data({ error: 'Not found' }, { status: 404 })
	let savedId: number
	try {
		if (id) await repository.update(db, id, parsed.data)
		else id = await repository.create(db, parsed.data)
		savedId = id
	} catch (error) {
		const field = uniqueViolationField(error)
		if (!field) throw error
		return data({ errors: { [field]: 'errors.taken' }, values: typed }, { status: 422 })
	}
	const { password: _secret, ...auditable } = parsed.data
	await recordAudit(context, staff, {
		action: before ? 'update' : 'create',
		subjectType: resource.name,
		subjectId: savedId,
		summary: repository.describe(parsed.data),
		changes: { fields: changedFields(before, auditable).concat(_secret ? ['password'] : []) },
	})
	const name = repository.describe(parsed.data)
	return redirect(`/admin/${resource.name}`, {
		headers: { 'Set-Cookie': await flashHeader(context, { kind: 'success', key: before ? 'flash.updated' : 'flash.created', vars: { name } }) },
	})
}

export async function deleteRecord({ context, resource, staff, id }: Omit<SaveArgs, 'request'> & { id: number }) {
	const db = getDb(context)
	if (resource.name === 'users' && id === staff.id) return data({ errors: { _form: 'errors.ownAccount' } }, { status: 422 })
	const repository = REPOSITORIES[resource.name]
	const record = await repository.find(db, id)
	if (!record) throw data({ error: 'Not found' }, { status: 404 })
	await repository.remove(db, id)
	const name = repository.describe(record)
	await recordAudit(context, staff, { action: 'delete', subjectType: resource.name, subjectId: id, summary: name })
	return redirect(`/admin/${resource.name}`, {
		headers: { 'Set-Cookie': await flashHeader(context, { kind: 'success', key: 'flash.deleted', vars: { name } }) },
	})
}
