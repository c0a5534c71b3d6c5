import path from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { documents } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { sideFilesOf } from '#app/models/documents/analysis.server.ts'
import { isUuid } from '#app/utils/uuid.ts'
import { removeKept } from '#app/models/files/store.server.ts'

type Services = Pick<AppServices, 'db' | 'documentsDir' | 'files' | 'recountRepeats'>

// The visitor takes a wrong file out of their order in progress: the row and the stored file go,
// and the order's repeated sentences are found again without it. Only their own (the draft in their
// cookie), and only while it is theirs: a document sent with a request or an order stays.
export async function removeDraftDocument(services: Services, draftId: string | null, id: string): Promise<boolean> {
	if (!draftId || !isUuid(id)) return false
	const [removed] = await services.db
		.delete(documents)
		.where(
			and(eq(documents.id, id), eq(documents.draftId, draftId), isNull(documents.requestId), isNull(documents.orderId)),
		)
		.returning({ storedName: documents.storedName, status: documents.status })
	if (!removed) return false
	const { documentsDir } = services
	await Promise.all([
		removeKept(services.files, path.join(documentsDir, removed.storedName)),
		...sideFilesOf(documentsDir, id).map((file) => removeKept(services.files, file)),
	])
	if (removed.status === 'counted') services.recountRepeats?.(draftId)
	return true
}
