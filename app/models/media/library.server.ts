import { randomUUID } from 'node:crypto'
import { copyFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { desc, eq, sql, type AnyColumn } from 'drizzle-orm'
import sharp, { type Sharp } from 'sharp'
import type { Database } from '#database/client.ts'
import { contentFiles, faqItems, pages, photos, teamMembers } from '#database/schema.ts'
import type { UploadedFile } from '#app/models/uploaded-file.ts'
import { CONTENT_FILE_EXTENSIONS, type MediaKind } from '#app/models/media/kinds.ts'
import { hasContentOf } from '#app/models/documents/content-type.server.ts'
import { declaredExpansion, isBomb } from '#app/models/wordcount/archive.server.ts'
import { detectImageType, PUBLIC_UPLOADS_PATH } from '#app/models/media/images.server.ts'
import { publishFolder, removeKept, type FileStore } from '#app/models/files/store.server.ts'

export const MAX_PHOTO_BYTES = 20 * 1024 * 1024
export const MAX_CONTENT_FILE_BYTES = 50 * 1024 * 1024
// A 48-megapixel phone photo fits; a decompression bomb of a few kilobytes that claims
// 100 000 x 100 000 pixels is refused before it is decoded.
const MAX_PIXELS = 64_000_000

// Served variants, all WebP without metadata. The thumbnail is twice the picker's 96x72 for sharp
// screens; the others keep the proportions and are never enlarged.
const VARIANTS = [
	{ name: 'thumb', resize: { width: 192, height: 144, fit: 'cover' } },
	{ name: 'medium', resize: { width: 800, height: 800, fit: 'inside', withoutEnlargement: true } },
	{ name: 'large', resize: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true } },
] as const

export type MediaDirs = { uploadsDir: string; mediaDir: string; files: FileStore }
export type MediaRefusal = 'missing' | 'too-big' | 'not-an-image' | 'type' | 'content' | 'bomb'

export class MediaRefused extends Error {
	readonly reason: MediaRefusal
	constructor(reason: MediaRefusal) {
		super(reason)
		this.reason = reason
	}
}

export class MediaInUse extends Error {
	readonly usages: Usage[]
	constructor(usages: Usage[]) {
		super('in use')
		this.usages = usages
	}
}

export type PhotoView = {
	id: number
	url: string
	thumb: string
	medium: string
	title: string
	width: number
	height: number
	size: number
	name: string
}
export type ContentFileView = { id: number; url: string; title: string; name: string; size: number }

const photoBase = (key: string) => `${PUBLIC_UPLOADS_PATH}/photos/${key}`
const fileBase = (key: string) => `${PUBLIC_UPLOADS_PATH}/files/${key}`

function presentPhoto(row: typeof photos.$inferSelect): PhotoView {
	const base = photoBase(row.key)
	return {
		id: row.id,
		url: `${base}/large.webp`,
		thumb: `${base}/thumb.webp`,
		medium: `${base}/medium.webp`,
		title: row.title,
		width: row.width,
		height: row.height,
		size: row.size,
		name: row.originalName,
	}
}

function presentFile(row: typeof contentFiles.$inferSelect): ContentFileView {
	return {
		id: row.id,
		url: `${fileBase(row.key)}/${encodeURIComponent(row.name)}`,
		title: row.title,
		name: row.name,
		size: row.size,
	}
}

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase()
const titleOf = (title: string | null | undefined, filename: string) =>
	(title ?? '').trim().slice(0, 200) || path.parse(filename).name.slice(0, 200)

export async function listPhotos(db: Database): Promise<PhotoView[]> {
	return (await db.select().from(photos).orderBy(desc(photos.createdAt), desc(photos.id))).map(presentPhoto)
}

export async function listContentFiles(db: Database): Promise<ContentFileView[]> {
	return (await db.select().from(contentFiles).orderBy(desc(contentFiles.createdAt), desc(contentFiles.id))).map(
		presentFile,
	)
}

// A file was sent, and it is not empty or over the kind's limit.
function requireFile(file: UploadedFile | undefined, maxBytes: number): UploadedFile {
	if (!file || file.size === 0) throw new MediaRefused('missing')
	if (file.size > maxBytes) throw new MediaRefused('too-big')
	return file
}

// Keeps the original privately and serves stripped, resized WebP variants: sharp writes no
// metadata unless asked, so EXIF (GPS position, camera serial) and XMP stay behind, and the
// picture is turned upright from its EXIF orientation first.
export async function storePhoto(
	db: Database,
	dirs: MediaDirs,
	sent: UploadedFile | undefined,
	title?: string | null,
): Promise<PhotoView> {
	const file = requireFile(sent, MAX_PHOTO_BYTES)
	const extension = await detectImageType(file.path)
	if (!extension) throw new MediaRefused('not-an-image')
	const animated = extension === 'gif' || extension === 'webp'
	const input = () => sharp(file.path, { limitInputPixels: MAX_PIXELS, animated, failOn: 'error' }).autoOrient()
	try {
		await input().metadata()
	} catch {
		throw new MediaRefused('not-an-image')
	}
	const key = randomUUID()
	const publicDir = path.join(dirs.uploadsDir, 'photos', key)
	await mkdir(publicDir, { recursive: true })
	await mkdir(path.join(dirs.mediaDir, 'photos'), { recursive: true })
	const originalPath = path.join(dirs.mediaDir, 'photos', `${key}.${extension}`)
	try {
		const large = animated ? await variantsOfAnimated(input, publicDir) : await variantsOf(input(), publicDir)
		await copyFile(file.path, originalPath)
		await publishFolder(dirs.files, publicDir)
		await dirs.files.publish(originalPath)
		const [row] = await db
			.insert(photos)
			.values({
				key,
				title: titleOf(title, file.filename),
				originalName: file.filename,
				extension,
				size: file.size,
				...large,
			})
			.returning()
		return presentPhoto(row!)
	} catch (error) {
		await removeKept(dirs.files, publicDir, { tree: true })
		await removeKept(dirs.files, originalPath)
		// libvips could not decode it after all (truncated, or a bomb past the pixel limit).
		if (error instanceof Error && /vips|pixel limit|Input (file|buffer)/i.test(error.message))
			throw new MediaRefused('not-an-image')
		throw error
	}
}

type Size = { width: number; height: number }

// A still picture is decoded once (JPEG shrinks while it loads) into the large size, and the
// smaller variants are made from that: about half the time of decoding the original three times.
async function variantsOf(source: Sharp, directory: string): Promise<Size> {
	const [thumb, medium, large] = VARIANTS
	const { data, info } = await source.resize(large.resize).raw().toBuffer({ resolveWithObject: true })
	const decoded = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
	await decoded()
		.webp({ quality: 82 })
		.toFile(path.join(directory, `${large.name}.webp`))
	await decoded()
		.resize(medium.resize)
		.webp({ quality: 82 })
		.toFile(path.join(directory, `${medium.name}.webp`))
	await decoded()
		.resize(thumb.resize)
		.webp({ quality: 82 })
		.toFile(path.join(directory, `${thumb.name}.webp`))
	return { width: info.width, height: info.height }
}

// Animated GIF and WebP keep every frame, so each variant is made from the original.
async function variantsOfAnimated(input: () => Sharp, directory: string): Promise<Size> {
	let large = { width: 0, height: 0 }
	for (const variant of VARIANTS) {
		const info = await input()
			.resize(variant.resize)
			.webp({ quality: 82 })
			.toFile(path.join(directory, `${variant.name}.webp`))
		if (variant.name === 'large') large = { width: info.width, height: info.pageHeight ?? info.height }
	}
	return large
}

// A file for a link: an allowed extension whose content is what the extension claims, and no
// ZIP (Office, OpenDocument) that would unpack to far more than is sane.
export async function storeContentFile(
	db: Database,
	dirs: MediaDirs,
	sent: UploadedFile | undefined,
	title?: string | null,
): Promise<ContentFileView> {
	const file = requireFile(sent, MAX_CONTENT_FILE_BYTES)
	const extension = extensionOf(file.filename)
	if (!(CONTENT_FILE_EXTENSIONS as readonly string[]).includes(extension)) throw new MediaRefused('type')
	if (!(await hasContentOf(file.path, extension))) throw new MediaRefused('content')
	const expansion = await declaredExpansion(file.path)
	if (expansion && isBomb(expansion)) throw new MediaRefused('bomb')
	const key = randomUUID()
	const name = safeFileName(file.filename, extension)
	const directory = path.join(dirs.uploadsDir, 'files', key)
	await mkdir(directory, { recursive: true })
	try {
		await copyFile(file.path, path.join(directory, name))
		await publishFolder(dirs.files, directory)
		const [row] = await db
			.insert(contentFiles)
			.values({ key, title: titleOf(title, file.filename), name, extension, size: file.size })
			.returning()
		return presentFile(row!)
	} catch (error) {
		await removeKept(dirs.files, directory, { tree: true })
		throw error
	}
}

// Letters (any script), digits, dot, dash and underscore; the rest becomes a dash.
export function safeFileName(filename: string, extension: string): string {
	const stem = path
		.parse(filename)
		.name.normalize('NFC')
		.replace(/[^\p{L}\p{N}._-]+/gu, '-')
		.replace(/^[-.]+|[-.]+$/g, '')
		.slice(0, 100)
	return `${stem || 'file'}.${extension}`
}

export type Usage = { resource: 'pages' | 'faq' | 'team'; id: number; label: string }

// Where rich content still points at a photo or a file: the page bodies, FAQ answers and bios in
// either language. strpos, so no character in the address acts as a pattern.
export async function findUsages(db: Database, address: string): Promise<Usage[]> {
	const uses = (...columns: AnyColumn[]) =>
		sql.join(
			columns.map((column) => sql`strpos(${column}, ${address}) > 0`),
			sql` or `,
		)
	const [pageRows, faqRows, teamRows] = await Promise.all([
		db.select({ id: pages.id, label: pages.titleEn }).from(pages).where(uses(pages.bodyDa, pages.bodyEn)),
		db
			.select({ id: faqItems.id, label: faqItems.questionEn })
			.from(faqItems)
			.where(uses(faqItems.answerDa, faqItems.answerEn)),
		db
			.select({ id: teamMembers.id, label: teamMembers.name })
			.from(teamMembers)
			.where(uses(teamMembers.bioDa, teamMembers.bioEn)),
	])
	return [
		...pageRows.map((row) => ({ resource: 'pages' as const, ...row })),
		...faqRows.map((row) => ({ resource: 'faq' as const, ...row })),
		...teamRows.map((row) => ({ resource: 'team' as const, ...row })),
	]
}

// Each kind's table, and the folder under /uploads (and DATA_DIR/uploads) its files are kept in.
const STORES = {
	photos: { table: photos, folder: 'photos' },
	content_files: { table: contentFiles, folder: 'files' },
} as const

async function findRow(db: Database, kind: MediaKind, id: number) {
	const { table } = STORES[kind]
	const [row] = await db.select().from(table).where(eq(table.id, id))
	return row ?? null
}

// What rich content contains when it uses the item: the start of each of its addresses.
const addressOf = (kind: MediaKind, key: string) => `${PUBLIC_UPLOADS_PATH}/${STORES[kind].folder}/${key}/`

export async function renameMedia(db: Database, kind: MediaKind, id: number, title: string): Promise<boolean> {
	const { table } = STORES[kind]
	const rows = await db
		.update(table)
		.set({ title, updatedAt: new Date() })
		.where(eq(table.id, id))
		.returning({ id: table.id })
	return rows.length > 0
}

// Refuses while content still uses it, naming where; otherwise removes the row and every file.
export async function deleteMedia(
	db: Database,
	dirs: MediaDirs,
	kind: MediaKind,
	id: number,
): Promise<{ title: string } | null> {
	const row = await findRow(db, kind, id)
	if (!row) return null
	const usages = await findUsages(db, addressOf(kind, row.key))
	if (usages.length) throw new MediaInUse(usages)
	await db.delete(STORES[kind].table).where(eq(STORES[kind].table.id, id))
	await removeKept(dirs.files, path.join(dirs.uploadsDir, STORES[kind].folder, row.key), { tree: true })
	if (kind === 'photos') await removeKept(dirs.files, path.join(dirs.mediaDir, 'photos', `${row.key}.${row.extension}`))
	return { title: row.title }
}

export async function usagesOf(db: Database, kind: MediaKind, id: number): Promise<Usage[] | null> {
	const row = await findRow(db, kind, id)
	return row ? findUsages(db, addressOf(kind, row.key)) : null
}
