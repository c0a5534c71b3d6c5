import type { FileStore } from '#app/models/files/store.server.ts'
import { inviteStaff } from '#app/models/staff/invitation.server.ts'
import { data, type RouterContextProvider } from 'react-router'
import { MAX_IMAGE_BYTES, NotAnImageError, storeImage } from '#app/models/media/images.server.ts'
import type { Resource } from '#app/models/records/definition.ts'
import type { FieldErrors } from '#app/models/records/form.ts'
import { formValues, resourceFromPath } from '#app/models/records/registry.ts'
import { deleteRecord, saveRecord } from '#app/models/records/save.server.ts'
import type { Staff } from '#app/models/staff/session.server.ts'
import { requireStaff } from '#app/http/access.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { MalformedUploadError, parseMultipart, UploadTooLargeError } from '#app/http/multipart.server.ts'
import { fieldsOf } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'

type Context = Readonly<RouterContextProvider>

// The guard of every records screen: who may touch which record type.
export function requireResource(request: Request, context: Context): { resource: Resource; staff: Staff } {
	const resource = resourceFromPath(new URL(request.url).pathname)
	const staff = requireStaff(request, context)
	if (!resource) throw notFound()
	return { resource, staff }
}

// A record's id from the address: a positive PostgreSQL integer, or null (so never a query error).
export function recordIdOf(value: string | null | undefined): number | null {
	if (!value || !/^\d{1,10}$/.test(value)) return null
	const id = Number(value)
	return id >= 1 && id <= 2_147_483_647 ? id : null
}

export function parseRecordId(value: string | undefined): number {
	const id = recordIdOf(value)
	if (id === null) throw notFound()
	return id
}

const MALFORMED = data({ error: 'The form could not be read. Send it again.' }, { status: 400 })

// Reads the form, storing any uploaded image first, so a failed validation keeps the upload.
async function readRecordForm(request: Request, resource: Resource, uploadsDir: string, store: FileStore) {
	const errors: FieldErrors = {}
	const type = request.headers.get('Content-Type') ?? ''
	if (type.startsWith('application/x-www-form-urlencoded')) return { form: fieldsOf(await request.text()), errors }
	if (!type.startsWith('multipart/form-data')) throw MALFORMED
	const imageFields = resource.fields.filter((field) => field.kind === 'image')
	let parsed
	try {
		parsed = await parseMultipart(request, { maxFileBytes: MAX_IMAGE_BYTES, maxFiles: imageFields.length })
	} catch (error) {
		if (error instanceof MalformedUploadError) throw MALFORMED
		if (!(error instanceof UploadTooLargeError)) throw error
		return { form: new URLSearchParams(), errors: { [imageFields[0]?.name ?? '_form']: 'errors.imageTooLarge' } }
	}
	try {
		for (const field of imageFields) {
			const file = parsed.files.find((candidate) => candidate.field === `${field.name}File`)
			if (!file) continue
			try {
				parsed.fields.set(field.name, await storeImage(file, uploadsDir, store))
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

type Change = { request: Request; context: Context; resource: Resource; staff: Staff; id: number | null }
// The form's post: 422 with the errors and the values as typed (never the password), or back to
// the list with a flash message.
export async function saveRecordForm({ request, context, resource, staff, id }: Change) {
	const services = getServices(context)
	const { form, errors: uploadErrors } = await readRecordForm(request, resource, services.uploadsDir, services.files)
	const values = formValues(resource, form)
	const result = await saveRecord(services, { resource, staff, id }, values, uploadErrors)
	if (!result) throw notFound()
	if (!result.ok) return data({ errors: result.errors, values: { ...values, password: undefined } }, { status: 422 })
	// A new staff account without a password is invited to set one.
	const isInvited = resource.name === 'users' && result.created && !values.password
	if (isInvited) await inviteStaff(services, staff, result.id)
	const flash = {
		kind: 'success' as const,
		key: isInvited
			? ('users.flash.invited' as const)
			: result.created
				? ('flash.created' as const)
				: ('flash.updated' as const),
		vars: { name: result.name },
	}
	return redirectWithFlash(context, `/admin/${resource.name}`, flash)
}

export async function deleteRecordForm({ context, resource, staff, id }: Omit<Change, 'request'> & { id: number }) {
	const result = await deleteRecord(getServices(context), { resource, staff, id })
	if (!result) throw notFound()
	if (!result.ok) return data({ errors: result.errors }, { status: 422 })
	return redirectWithFlash(context, `/admin/${resource.name}`, {
		kind: 'success',
		key: 'flash.deleted',
		vars: { name: result.name },
	})
}
