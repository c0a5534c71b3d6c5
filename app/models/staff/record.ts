import { z } from 'zod'
import type { RecordDefinition } from '#app/models/records/definition.ts'
import { optionalText, requiredText } from '#app/models/records/form.ts'

// Staff accounts as the admin manages them (admins only): the password is required for a new
// account and left blank to keep it when editing.
const account = {
	name: requiredText(120),
	email: requiredText(254).pipe(z.email('errors.email')),
	role: z.enum(['admin', 'editor'], 'errors.required'),
}
const passwordRule = z.string().min(12, 'errors.passwordLength')
export const userSchema = z.object({ ...account, password: requiredText(200).pipe(passwordRule) })
export const userEditSchema = z.object({ ...account, password: optionalText(200).pipe(passwordRule.nullable()) })
export type UserValues = z.infer<typeof userSchema> | z.infer<typeof userEditSchema>

export const users: RecordDefinition<typeof userSchema, typeof userEditSchema> = {
	name: 'users',
	title: 'users.title',
	singular: 'users.singular',
	adminOnly: true,
	columns: [
		{ key: 'name', label: 'fields.name' },
		{ key: 'email', label: 'fields.email' },
		{ key: 'role', label: 'fields.role' },
	],
	fields: [
		{ name: 'name', kind: 'text', label: 'fields.name', required: true },
		{ name: 'email', kind: 'email', label: 'fields.email', required: true },
		{ name: 'role', kind: 'select', label: 'fields.role', options: 'roles', required: true },
		{ name: 'password', kind: 'password', label: 'fields.password', hint: 'hints.password' },
	],
	schema: userSchema,
	editSchema: userEditSchema,
}
