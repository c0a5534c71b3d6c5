import { z } from 'zod'
import { column, defineRecord, field } from '#app/models/records/definition.ts'
import { checkbox, optionalText, requiredText } from '#app/models/records/form.ts'
import { STAFF_ROLES } from '#app/models/staff/roles.ts'

// Staff accounts as the admin manages them (admins only). A new account without a password gets
// an invitation to set one (app/models/staff/invitation.server.ts); editing, a blank password
// keeps it. A deactivated account cannot sign in and keeps its history.
const account = {
	name: requiredText(120),
	email: requiredText(254).pipe(z.email('errors.email')),
	role: z.enum(STAFF_ROLES, 'errors.required'),
	// Unticked (or left out, by a script) is an active account.
	deactivated: checkbox,
}
const passwordRule = z.string().min(12, 'errors.passwordLength')
export const userSchema = z.object({ ...account, password: optionalText(200).pipe(passwordRule.nullable()) })
export const userEditSchema = userSchema
export type UserValues = z.infer<typeof userSchema> | z.infer<typeof userEditSchema>

export const users = defineRecord<typeof userSchema, typeof userEditSchema>('users', {
	columns: [
		column('name', 'fields.name'),
		column('email', 'fields.email'),
		column('role', 'fields.role'),
		column('deactivated', 'fields.deactivated'),
	],
	fields: [
		field('name', 'text', 'fields.name', { required: true }),
		field('email', 'email', 'fields.email', { required: true }),
		field('role', 'select', 'fields.role', { options: 'roles', required: true }),
		field('deactivated', 'checkbox', 'fields.deactivated', { hint: 'hints.deactivated' }),
		field('password', 'password', 'fields.password', { hint: 'hints.password' }),
	],
	schema: userSchema,
	editSchema: userEditSchema,
})
