import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { anonymous, setupStaffServer, type StaffClient } from '#tests/setup/admin.ts'
import { postFile } from '#tests/setup/upload.ts'

const session = setupStaffServer()

type Photo = { id: number; url: string; thumb: string; title: string; width: number; height: number }
type ContentFile = { id: number; url: string; title: string; name: string; size: number }

// What the editor sends: multipart with `file` and `title`, the spec's headers, English please.
const upload = (client: StaffClient, kind: 'photos' | 'content_files', name: string, bytes: Uint8Array, title = '') =>
	postFile(client, `/admin/${kind}`, name, bytes, {
		headers: { 'accept-language': 'en' },
		fields: title ? { title } : {},
	})

const listOf = async <T>(kind: string) =>
	(await (await session.admin.get(`/admin/${kind}`, { headers: { accept: 'application/json' } })).json()) as T[]

// A camera photo as phones take them: EXIF with the owner's name and where it was taken.
const cameraPhoto = () =>
	sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#2a7' } })
		.jpeg()
		.withExif({
			IFD0: { Artist: 'Secret Photographer', Copyright: 'Private' },
			IFD3: {
				GPSLatitudeRef: 'N',
				GPSLatitude: '55/1 40/1 3000/100',
				GPSLongitudeRef: 'E',
				GPSLongitude: '12/1 34/1 1200/100',
			},
		})
		.toBuffer()

describe('photos', () => {
	test('an upload keeps the original and serves thumbnail and sizes without the GPS position', async () => {
		const original = await cameraPhoto()
		expect((await sharp(original).metadata()).exif).toBeDefined()
		const response = await upload(session.admin, 'photos', 'holiday.jpg', original, 'Our office')
		expect(response.status).toBe(201)
		const photo = (await response.json()) as Photo
		expect(photo).toMatchObject({ title: 'Our office', width: 1600, height: 1200 })

		const list = await listOf<Photo>('photos')
		expect(list[0]).toMatchObject({ id: photo.id, url: photo.url, thumb: photo.thumb })

		for (const [url, size] of [
			[photo.thumb, { width: 192, height: 144 }],
			[photo.url, { width: 1600, height: 1200 }],
			[photo.url.replace('large', 'medium'), { width: 800, height: 600 }],
		] as const) {
			const served = await fetch(session.server.url + url)
			expect(served.status).toBe(200)
			const bytes = Buffer.from(await served.arrayBuffer())
			const metadata = await sharp(bytes).metadata()
			expect(metadata).toMatchObject({ format: 'webp', ...size })
			expect(metadata.exif).toBeUndefined()
			expect(bytes.includes('Secret Photographer')).toBe(false)
		}

		// The original, metadata and all, is kept outside the web root.
		const originals = await readdir(path.join(session.server.database.dataDir, 'media', 'photos'))
		const kept = await readFile(
			path.join(
				session.server.database.dataDir,
				'media',
				'photos',
				originals.find((name) => name.endsWith('.jpg'))!,
			),
		)
		expect(kept.equals(original)).toBe(true)
	})

	test('anything that is not really an image is refused with a message', async () => {
		const notes = new TextEncoder().encode('just some notes, not a photo')
		const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)])
		const svg = new TextEncoder().encode(
			'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
		)
		for (const [name, bytes] of [
			['notes.jpg', notes],
			['broken.png', broken],
			['logo.svg', svg],
		] as const) {
			const response = await upload(session.admin, 'photos', name, bytes)
			expect(response.status, name).toBe(422)
			expect(await response.json()).toEqual({
				error: 'This is not a picture the site can show. Upload a JPEG, PNG, GIF or WebP image.',
			})
		}
	})

	test('a decompression bomb is refused before it is decoded', async () => {
		// 8200 x 8200 pixels (past the 64-megapixel limit) of one colour compress to a few hundred kilobytes.
		const bomb = await sharp({ create: { width: 8200, height: 8200, channels: 3, background: '#fff' } })
			.png({ compressionLevel: 9 })
			.toBuffer()
		const response = await upload(session.admin, 'photos', 'bomb.png', bomb)
		expect(response.status).toBe(422)
		expect(bomb.length).toBeLessThan(1024 * 1024)
	})
})

describe('content files', () => {
	test('a file is listed with title, name and size, and served under its own name', async () => {
		const pdf = new TextEncoder().encode(
			'%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
		)
		const response = await upload(session.admin, 'content_files', 'Price list 2026 (final).pdf', pdf, 'Price list')
		expect(response.status).toBe(201)
		const file = (await response.json()) as ContentFile
		expect(file).toMatchObject({ title: 'Price list', name: 'Price-list-2026-final.pdf', size: pdf.length })
		expect((await listOf<ContentFile>('content_files'))[0]).toMatchObject({
			title: 'Price list',
			name: 'Price-list-2026-final.pdf',
			size: pdf.length,
		})
		const served = await fetch(session.server.url + file.url)
		expect(served.status).toBe(200)
		expect(served.headers.get('content-type')).toBe('application/pdf')
		expect(served.headers.get('x-content-type-options')).toBe('nosniff')
	})

	test('wrong types, content that is not what the name says, and archive bombs are refused', async () => {
		const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)])
		const bomb = zipSync({ 'word/document.xml': new Uint8Array(300 * 1024 * 1024) }, { level: 9 })
		const cases = [
			['handbook.docx', bomb, 'The file would unpack to far more than its size'],
			['page.html', new TextEncoder().encode('<script>alert(1)</script>'), 'Files of this type cannot be linked.'],
			['report.pdf', program, "The file's content is not what its name says it is."],
		] as const
		for (const [name, bytes, message] of cases) {
			const response = await upload(session.admin, 'content_files', name, bytes)
			expect(response.status, name).toBe(422)
			expect(((await response.json()) as { error: string }).error).toContain(message)
		}
	})
})

describe('the media library', () => {
	test('a photo or file used by content cannot be deleted without saying where; once unused it goes', async () => {
		const photo = (await (
			await upload(
				session.admin,
				'photos',
				'team.png',
				await sharp({ create: { width: 300, height: 200, channels: 3, background: '#333' } })
					.png()
					.toBuffer(),
			)
		).json()) as Photo
		const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
		const file = (await (await upload(session.admin, 'content_files', 'terms.pdf', pdf, 'Terms')).json()) as ContentFile
		const created = await session.admin.post('/admin/pages/new', {
			titleDa: 'Brug',
			titleEn: 'Usage',
			slugDa: 'brug',
			slugEn: 'usage',
			bodyDa: '<p>Ingen.</p>',
			bodyEn: `<p><img src="${photo.url}" alt="Team"></p><p><a href="${file.url}">Terms</a></p>`,
			published: 'on',
		})
		expect(created.status).toBe(302)
		// The public page offers narrow screens the 800 px variant.
		const published = await (await fetch(`${session.server.url}/en/p/usage`)).text()
		const base = photo.url.replace('large.webp', '')
		expect(published).toContain(`srcset="${base}medium.webp 800w, ${base}large.webp 1600w"`)
		const pageId = (await (await session.admin.get('/admin/pages')).text()).match(
			/href="\/admin\/pages\/(\d+)"[^>]*>Brug</,
		)![1]

		for (const [kind, id] of [
			['photos', photo.id],
			['content_files', file.id],
		] as const) {
			const refused = await session.admin.call('DELETE', `/admin/${kind}/${id}`)
			expect(refused.status).toBe(409)
			expect(await refused.json()).toMatchObject({
				usages: [{ resource: 'pages', id: Number(pageId), label: 'Usage' }],
			})
			// The people's page refuses too, naming the page.
			const html = await session.admin.post(
				`/admin/${kind}/${id}`,
				{},
				{ method: 'DELETE', headers: { accept: 'text/html' } },
			)
			expect(html.status).toBe(409)
		}
		expect((await fetch(session.server.url + photo.url)).status).toBe(200)
		// Where it is used can be asked before trying.
		const asked = await session.admin.get(`/admin/content_files/${file.id}`, {
			headers: { accept: 'application/json' },
		})
		expect(await asked.json()).toEqual({ usages: [{ resource: 'pages', id: Number(pageId), label: 'Usage' }] })

		await session.admin.post(`/admin/pages/${pageId}`, {
			titleDa: 'Brug',
			titleEn: 'Usage',
			slugDa: 'brug',
			slugEn: 'usage',
			bodyDa: '<p>Ingen.</p>',
			bodyEn: '<p>Nothing now.</p>',
		})
		expect((await session.admin.call('DELETE', `/admin/photos/${photo.id}`)).status).toBe(204)
		expect((await session.admin.call('DELETE', `/admin/content_files/${file.id}`)).status).toBe(204)
		expect((await fetch(session.server.url + photo.url)).status).toBe(404)
		expect((await fetch(session.server.url + file.url)).status).toBe(404)
		expect((await listOf<Photo>('photos')).some((item) => item.id === photo.id)).toBe(false)
		expect(
			(await session.admin.get(`/admin/photos/${photo.id}`, { headers: { accept: 'application/json' } })).status,
		).toBe(404)
	})

	test('rename takes a title, refuses an empty one, and the people page lists what is there', async () => {
		const file = (await (
			await upload(session.admin, 'content_files', 'notes.txt', new TextEncoder().encode('plain notes'))
		).json()) as ContentFile
		expect(file.title).toBe('notes')
		const empty = await session.admin.call('PATCH', `/admin/content_files/${file.id}`, { title: '  ' })
		expect(empty.status).toBe(422)
		expect(
			(await session.admin.call('PATCH', `/admin/content_files/${file.id}`, { title: 'Meeting notes' })).status,
		).toBe(200)
		const page = await (await session.admin.get('/admin/content_files', { headers: { accept: 'text/html' } })).text()
		expect(page).toContain('value="Meeting notes"')
		expect(page).toContain('notes.txt')
	})

	test('anonymous visitors get nothing: pages redirect to login, calls are refused', async () => {
		const visitor = await anonymous(session.server.url)
		expect((await visitor.get('/admin/photos', { headers: { accept: 'text/html' } })).headers.get('location')).toMatch(
			/^\/admin\/login/,
		)
		expect((await visitor.get('/admin/photos', { headers: { accept: 'application/json' } })).status).toBe(401)
		expect(
			(
				await upload(
					visitor,
					'photos',
					'x.png',
					await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
						.png()
						.toBuffer(),
				)
			).status,
		).toBe(401)
		expect((await visitor.call('DELETE', '/admin/content_files/1')).status).toBe(401)
	})
})

describe('drafts', () => {
	test('staff drafts are kept per form without passwords, offered on the form, and refused to anyone else', async () => {
		const settings = await (await session.admin.get('/admin/settings')).text()
		const values = Object.fromEntries(
			[...settings.matchAll(/<input[^>]*name="(\w+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
		)
		expect((await session.admin.post('/admin/settings', { ...values, editorAutosave: 'on' })).status).toBe(302)

		const saved = await session.admin.call('PUT', '/admin/drafts', {
			path: '/admin/users/new',
			entries: [
				['name', 'Draft Person'],
				['password', 'hunter2-secret-password'],
			],
		})
		expect(saved.status).toBe(200)
		expect(await saved.json()).toEqual({ savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
		const form = await (await session.admin.get('/admin/users/new')).text()
		expect(form).toContain('Draft Person')
		expect(form).not.toContain('hunter2-secret-password')

		expect(
			(await session.admin.call('PUT', '/admin/drafts', { path: 'https://evil.example/', entries: [] })).status,
		).toBe(422)
		expect((await session.admin.call('DELETE', '/admin/drafts', { path: '/admin/users/new' })).status).toBe(204)
		expect(await (await session.admin.get('/admin/users/new')).text()).not.toContain('Draft Person')

		const visitor = await anonymous(session.server.url)
		expect(
			(await visitor.call('PUT', '/admin/drafts', { path: '/admin/users/new', entries: [['name', 'x']] })).status,
		).toBe(401)
	})
})
