import { asc, eq } from 'drizzle-orm'
import { ADMIN_MESSAGES } from '#app/models/translation.server.ts'
import { translate } from '#app/utils/translate.ts'
import { users } from '#database/schema.ts'
import type { Repository } from '#app/models/records/repository.server.ts'
import { changePassword, createStaff, normalizeEmail } from '#app/models/staff/account.server.ts'
import { hashPassword } from '#app/models/staff/password.server.ts'
import { unknownPassword, withdrawInvitations } from '#app/models/staff/invitation.server.ts'
import type { UserValues } from '#app/models/staff/record.ts'
import { revokeSessions } from '#app/models/staff/session.server.ts'

export const userRepository: Repository<UserValues> = {
	// The role by its name in the admin's language, and a deactivated account said so (not "no").
	async list(db, locale) {
		const rows = await db.select().from(users).orderBy(asc(users.name))
		const text = (key: string) => translate(ADMIN_MESSAGES[locale], key)
		return rows.map((row) => ({
			id: row.id,
			cells: {
				name: row.name,
				email: row.email,
				role: text(`roles.${row.role}`),
				deactivated: row.active ? '' : text('fields.deactivated'),
			},
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(users).where(eq(users.id, id))
		return row ? { name: row.name, email: row.email, role: row.role, deactivated: !row.active, password: '' } : null
	},
	// Without a password, one nobody knows until the invitation's link sets theirs.
	async create(db, { name, email, role, deactivated, password }) {
		const passwordHash = password ? await hashPassword(password) : await unknownPassword()
		return (await createStaff(db, { name, email, role, active: !deactivated, passwordHash })).id
	},
	async update(db, id, { name, email, role, deactivated, password }) {
		const active = !deactivated
		const [before] = await db.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, id))
		await db
			.update(users)
			.set({ name, email: normalizeEmail(email), role, active, updatedAt: new Date() })
			.where(eq(users.id, id))
		// An invitation mailed before is no key once the address is another, a password is set or
		// the account is off (changePassword withdraws them too).
		if (before?.email !== normalizeEmail(email) || !active) await withdrawInvitations(db, id)
		// A new password, a new role or a deactivation ends the account's sessions (changePassword
		// does so itself).
		if (password) await changePassword(db, id, password)
		else if ((before && before.role !== role) || !active) await revokeSessions(db, id)
	},
	async remove(db, id) {
		await db.delete(users).where(eq(users.id, id))
	},
	describe: (values) => String(values.email),
}
