import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, ne } from 'drizzle-orm'
import { Zip, ZipPassThrough } from 'fflate'
import type { Database } from '#database/client.ts'
import { orderDownloads, orderFiles, orders } from '#database/schema.ts'
import type { AppServices } from '#app/models/services.ts'
import { broadcastTo } from '#app/models/live/broadcast.server.ts'
import { orderStream } from '#app/utils/cable.ts'
import type { FileStore } from '#app/models/files/store.server.ts'
import { inCustomersDelivery } from '#app/models/order/delivery.server.ts'
import { deliveriesDirOf } from '#app/models/order/order.server.ts'

const CHUNK = 256 * 1024

export type ZipEntry = { id: string; name: string; file: string; modified: Date }

// The files the customer has of an order now (its last delivery, while kept), under the names the
// delivery gave them: the only files an order's ZIP is ever made of.
export async function deliveredEntries(db: Database, documentsDir: string, orderId: number): Promise<ZipEntry[]> {
	const rows = await db
		.select({
			id: orderFiles.id,
			name: orderFiles.name,
			storedName: orderFiles.storedName,
			deliveredAt: orderFiles.deliveredAt,
		})
		.from(orderFiles)
		.innerJoin(orders, eq(orders.id, orderFiles.orderId))
		.where(and(eq(orderFiles.orderId, orderId), ne(orders.status, 'cancelled'), inCustomersDelivery))
		.orderBy(asc(orderFiles.createdAt))
	const directory = deliveriesDirOf(documentsDir)
	rows.sort((a, b) => a.name.localeCompare(b.name, 'da'))
	return uniqueNames(
		rows.map((row) => ({
			id: row.id,
			name: row.name,
			file: path.join(directory, row.storedName),
			modified: row.deliveredAt ?? new Date(),
		})),
	)
}

// The order a ZIP is asked for, by the customer's link (its token) or by staff (its id).
export async function orderToZip(db: Database, key: { token: string } | { id: number }) {
	if ('token' in key && !/^[\w-]{32}$/.test(key.token)) return null
	const [order] = await db
		.select({ id: orders.id, reference: orders.reference })
		.from(orders)
		.where('token' in key ? eq(orders.token, key.token) : eq(orders.id, key.id))
	return order ?? null
}

// A ZIP taken by the customer counts as a download of each of its files, as the order page shows.
export async function logZipDownload(
	services: Pick<AppServices, 'db' | 'broadcast' | 'logger'>,
	orderId: number,
	entries: ZipEntry[],
	addressKey: string,
) {
	if (entries.length === 0) return
	await services.db.insert(orderDownloads).values(entries.map((entry) => ({ fileId: entry.id, addressKey })))
	await broadcastTo(services, orderStream(orderId), { type: 'download', id: orderId })
}

// Two files of one name would overwrite each other when unpacked: the second becomes "name (2).ext".
export function uniqueNames(entries: ZipEntry[]): ZipEntry[] {
	const taken = new Set<string>()
	return entries.map((entry) => {
		const safe = entry.name.replace(/[\\/]/g, '_').replace(/^\.+/, '_') || 'file'
		let name = safe
		const ext = path.extname(safe)
		for (let n = 2; taken.has(name.toLowerCase()); n += 1)
			name = `${safe.slice(0, safe.length - ext.length)} (${n})${ext}`
		taken.add(name.toLowerCase())
		return { ...entry, name }
	})
}

// The files as one ZIP, stored as they are (translations are mostly zipped formats already),
// streamed: a piece of one file is read only when the reader has taken what came before, so a
// ZIP of gigabytes holds a few hundred kilobytes in memory. A download closed early closes the file.
export function zipStream(store: Pick<FileStore, 'fetch'>, entries: ZipEntry[]): ReadableStream<Uint8Array> {
	let zip: Zip
	let index = 0
	let current: { handle: FileHandle; input: ZipPassThrough } | null = null
	const buffer = new Uint8Array(CHUNK)
	return new ReadableStream<Uint8Array>(
		{
			start(controller) {
				zip = new Zip((error, chunk, final) => {
					if (error) return controller.error(error)
					controller.enqueue(chunk)
					if (final) controller.close()
				})
			},
			async pull() {
				if (!current) {
					const entry = entries[index++]
					if (!entry) return zip.end()
					await store.fetch(entry.file)
					const input = new ZipPassThrough(entry.name)
					input.mtime = entry.modified
					zip.add(input)
					current = { handle: await open(entry.file, 'r'), input }
				}
				const { bytesRead } = await current.handle.read(buffer, 0, CHUNK, null)
				if (bytesRead === 0) {
					const done = current
					current = null
					await done.handle.close()
					done.input.push(new Uint8Array(0), true)
				} else current.input.push(buffer.slice(0, bytesRead))
			},
			async cancel() {
				await current?.handle.close()
				current = null
				zip.terminate()
			},
		},
		{ highWaterMark: 2 },
	)
}

// The ZIP as a download: its name is the order's reference.
export function zipDownload(store: Pick<FileStore, 'fetch'>, entries: ZipEntry[], reference: string): Response {
	const name = `${reference.replace(/[^\w-]/g, '_')}.zip`
	return new Response(zipStream(store, entries), {
		headers: {
			'Content-Type': 'application/zip',
			'Content-Disposition': `attachment; filename="${name}"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
