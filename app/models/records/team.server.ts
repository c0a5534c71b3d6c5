import { asc, eq } from 'drizzle-orm'
import { languages, teamMemberPairs, teamMembers } from '#database/schema.ts'
import { sanitizeRichHtml } from '#app/models/rich-text/sanitize.server.ts'
import type { TeamValues } from '#app/models/records/team.ts'
import { byLocale, insertLast, removeById, updateRow } from '#app/models/records/repository.server.ts'
import type { Repository, Tx } from '#app/models/records/repository.server.ts'

const rich = (html: string | null) => (html ? sanitizeRichHtml(html) : null)
const columns = ({ name, titleDa, titleEn, photoUrl, bioDa, bioEn }: TeamValues) => ({
	name,
	titleDa,
	titleEn,
	photoUrl,
	bioDa: rich(bioDa),
	bioEn: rich(bioEn),
})

async function setPairs(tx: Tx, teamMemberId: number, pairs: string[]) {
	await tx.delete(teamMemberPairs).where(eq(teamMemberPairs.teamMemberId, teamMemberId))
	const known = new Set((await tx.select({ id: languages.id }).from(languages)).map((row) => row.id))
	const rows = [...new Set(pairs)]
		.map((pair) => pair.split('-').map(Number) as [number, number])
		.filter(([from, to]) => from !== to && known.has(from) && known.has(to))
		.map(([fromLanguageId, toLanguageId]) => ({ teamMemberId, fromLanguageId, toLanguageId }))
	if (rows.length) await tx.insert(teamMemberPairs).values(rows)
}

export const teamRepository: Repository<TeamValues> = {
	async list(db, locale) {
		const rows = await db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.id))
		return rows.map((row) => ({
			id: row.id,
			cells: { name: row.name, title: byLocale(locale, row.titleDa, row.titleEn) },
		}))
	},
	async find(db, id) {
		const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id))
		if (!row) return null
		const pairs = await db.select().from(teamMemberPairs).where(eq(teamMemberPairs.teamMemberId, id))
		const { name, titleDa, titleEn, photoUrl, bioDa, bioEn } = row
		return {
			name,
			titleDa,
			titleEn,
			photoUrl,
			bioDa,
			bioEn,
			pairs: pairs.map((pair) => `${pair.fromLanguageId}-${pair.toLanguageId}`),
		}
	},
	create: (db, values) => insertLast(db, teamMembers, columns(values), (tx, id) => setPairs(tx, id, values.pairs)),
	update: (db, id, values) => updateRow(db, teamMembers, id, columns(values), (tx) => setPairs(tx, id, values.pairs)),
	remove: removeById(teamMembers),
	describe: (values) => String(values.name),
}
