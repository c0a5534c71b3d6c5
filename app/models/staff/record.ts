import { z } from 'zod'
import { column, defineRecord, field } from '#app/models/records/definition.ts'
import { optionalText, requiredText } from '#app/models/records/form.ts'
import { STAFF_ROLES } from '#app/models/staff/roles.ts'

// Staff accounts as the admin manages them (admins only): the password is required for a new
// account and left blank to keep it when editing.
const account = {
	name: requiredText(120),
	email: requiredText(254).pipe(z.email('errors.email')),
	role: z.enum(STAFF_ROLES, 'errors.required'),
}
const passwordRule = z.string().min(12, 'errors.passwordLength')
export const userSchema = z.object({ ...account, password: requiredText(200).pipe(passwordRule) })
export const userEditSchema = z.object({ ...account, password: optionalText(200).pipe(passwordRule.nullable()) })
export type UserValues = z.infer<typeof userSchema> | z.infer<typeof userEditSchema>

export const users = defineRecord<typeof userSchema, typeof userEditSchema>('users', {
	columns: [column('name', 'fields.name'), column('email', 'fields.email'), column('role', 'fields.role')],
	fields: [
		field('name', 'text', 'fields.name', { required: true }),
		field('email', 'email', 'fields.email', { required: true }),
		field('role', 'select', 'fields.role', { options: 'roles', required: true }),
		field('password', 'password', 'fields.password', { hint: 'hints.password' }),
	],
	schema: userSchema,
	editSchema: userEditSchema,
})
