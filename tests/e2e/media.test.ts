import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_ENV, logIn } from '#tests/setup/admin.ts'
import { logInAt, seriousAxeViolations, setupBrowserTests, type WatchedPage } from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)
let page: WatchedPage
let files: string

beforeAll(async () => {
	// A photo already in the library, uploaded the way the editor does it.
	const staff = await logIn(session.server.url)
	const form = new FormData()
	const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d6f64' } })
		.jpeg()
		.toBuffer()
	form.set('file', new Blob([new Uint8Array(photo)]), 'office.jpg')
	form.set('title', 'Our office in Aarhus')
	const response = await staff.get('/admin/photos', {
		method: 'POST',
		body: form,
		headers: { accept: 'application/json', 'x-csrf-token': staff.csrfToken },
	})
	expect(response.status).toBe(201)

	files = await mkdtemp(path.join(tmpdir(), 'tolk-media-'))
	await writeFile(path.join(files, 'terms.pdf'), '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
	await writeFile(path.join(files, 'not-a-photo.png'), 'plain text pretending to be a picture')
})

describe('images and files in rich content', () => {
	test('a page gets an image from the picker and a file link, is published, and shows both on /p/:slug', async () => {
		page = await logInAt(session, '/admin/pages/new')
		await page.getByLabel('Title (Danish)').fill('Vores kontor')
		await page.getByLabel('Title (English)').fill('Our office')
		await page.getByLabel('Address (slug) (Danish)').fill('kontor')
		await page.getByLabel('Address (slug) (English)').fill('office')
		const [danish, english] = [0, 1].map((index) => page.locator('[data-controller="redactor"]').nth(index))
		const toolbar = english!.getByRole('toolbar', { name: 'Formatting' })
		await toolbar.waitFor()
		await danish!.getByRole('textbox', { name: 'Body (Danish)' }).click()
		await page.keyboard.type('Kom forbi.')
		const body = english!.getByRole('textbox', { name: 'Body (English)' })
		await body.click()
		await page.keyboard.type('Come and see us.')
		await page.keyboard.press('Enter')

		// The image picker shows the library as 96x72 thumbnails in a 300 px scrolling panel.
		await toolbar.getByRole('button', { name: 'Image' }).click()
		const imageDialog = page.getByRole('dialog', { name: 'Insert an image' })
		const picker = imageDialog.getByRole('group', { name: 'Uploaded' })
		const thumbnail = picker.getByRole('button', { name: 'Our office in Aarhus' })
		await thumbnail.waitFor()
		expect(
			await picker.evaluate((element: HTMLElement) => [element.offsetHeight, getComputedStyle(element).overflowY]),
		).toEqual([300, 'auto'])
		expect(await thumbnail.locator('img').evaluate((image: HTMLImageElement) => [image.width, image.height])).toEqual([
			96, 72,
		])
		expect(await seriousAxeViolations(page)).toEqual([])
		// Insert without a choice says what is missing.
		await imageDialog.getByRole('button', { name: 'Insert' }).click()
		await imageDialog.getByRole('alert').filter({ hasText: 'Choose or upload an image first.' }).waitFor()
		await thumbnail.click()
		expect(await imageDialog.getByLabel('Title').inputValue()).toBe('Our office in Aarhus')
		await imageDialog.getByLabel('Title').fill('The reception desk')
		await imageDialog.getByRole('button', { name: 'Insert' }).click()
		await imageDialog.waitFor({ state: 'detached' })
		await body.getByRole('img', { name: 'The reception desk' }).waitFor()

		// A file uploaded in the file dialog becomes a link whose text is its title.
		await toolbar.getByRole('button', { name: 'Link to a file' }).click()
		const fileDialog = page.getByRole('dialog', { name: 'Link to a file' })
		await fileDialog.getByText('Nothing has been uploaded yet.').waitFor()
		await fileDialog.getByLabel('Title').fill('Terms of business')
		await fileDialog.locator('input[type="file"]').setInputFiles(path.join(files, 'terms.pdf'))
		const uploaded = fileDialog.getByRole('button', { name: /Terms of business\s*terms\.pdf/ })
		await uploaded.waitFor()
		expect(await uploaded.getAttribute('aria-pressed')).toBe('true')
		await fileDialog.getByRole('button', { name: 'Insert' }).click()
		await fileDialog.waitFor({ state: 'detached' })
		await body.getByRole('link', { name: 'Terms of business' }).waitFor()

		await page.getByLabel('Published').check()
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByRole('status').filter({ hasText: '“Vores kontor” was created.' }).waitFor()

		const published = await session.open('/en/p/office')
		const content = published.locator('main')
		const image = content.getByRole('img', { name: 'The reception desk' })
		await image.scrollIntoViewIfNeeded()
		// Loaded, from the library's variants (which one depends on the screen: srcset).
		await expect
			.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
			.toBe(true)
		expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
			/\/uploads\/photos\/[\w-]+\/(medium|large)\.webp$/,
		)
		const link = content.getByRole('link', { name: 'Terms of business' })
		const href = (await link.getAttribute('href'))!
		expect(href).toMatch(/^\/uploads\/files\/[\w-]+\/terms\.pdf$/)
		const download = await fetch(session.server.url + href)
		expect([download.status, download.headers.get('content-type')]).toEqual([200, 'application/pdf'])
		expect(await seriousAxeViolations(published)).toEqual([])

		// The library will not delete the picture while the page shows it, and says where.
		await page.goto('/admin/photos')
		const row = page
			.getByRole('list', { name: 'Photos' })
			.getByRole('listitem')
			.filter({ has: page.getByRole('textbox', { name: 'Title of office.jpg' }) })
		await row.getByRole('button', { name: 'Delete' }).click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
		const refusal = row.getByRole('alert')
		await refusal.filter({ hasText: 'It is still used, so it was not deleted.' }).waitFor()
		expect(await refusal.getByRole('link', { name: 'Our office' }).getAttribute('href')).toMatch(
			/^\/admin\/pages\/\d+$/,
		)
		expect(await seriousAxeViolations(page)).toEqual([])
		// The refusal is a 409; the browser reports it as a failed resource.
		page.problems = page.problems.filter((problem) => !problem.includes('409'))
	})

	test('an upload that fails fires upload-error and shows the message in the editor', async () => {
		page = await logInAt(session, '/admin/pages/new')
		const english = page.locator('[data-controller="redactor"]').nth(1)
		const toolbar = english.getByRole('toolbar', { name: 'Formatting' })
		await toolbar.waitFor()
		await english.evaluate((element) => {
			element.addEventListener('upload-error', (event) =>
				element.setAttribute('data-upload-error', (event as CustomEvent<{ message: string }>).detail.message),
			)
		})
		await toolbar.getByRole('button', { name: 'Image' }).click()
		const dialog = page.getByRole('dialog', { name: 'Insert an image' })
		await dialog.locator('input[type="file"]').setInputFiles(path.join(files, 'not-a-photo.png'))
		const message = 'Upload failed: This is not a picture the site can show. Upload a JPEG, PNG, GIF or WebP image.'
		await dialog.getByRole('alert').filter({ hasText: message }).waitFor()
		expect(await english.getAttribute('data-upload-error')).toBe(message)
		page.problems = page.problems.filter((problem) => !problem.includes('422'))
	})

	test('a picture dropped into the text is uploaded and goes in where it landed; a bad one says why in the editor', async () => {
		page = await logInAt(session, '/admin/pages/new')
		const english = page.locator('[data-controller="redactor"]').nth(1)
		await english.getByRole('toolbar', { name: 'Formatting' }).waitFor()
		const body = english.getByRole('textbox', { name: 'Body (English)' })
		await body.click()
		await page.keyboard.type('Above the picture.')
		const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b45309' } })
			.png()
			.toBuffer()
		// What a file dragged from the desktop and let go over the text dispatches.
		const drop = (name: string, base64: string) =>
			body.evaluate(
				(element, [fileName, data]) => {
					const transfer = new DataTransfer()
					transfer.items.add(
						new File([Uint8Array.from(atob(data!), (char) => char.charCodeAt(0))], fileName!, { type: 'image/png' }),
					)
					const box = element.getBoundingClientRect()
					element.dispatchEvent(
						new DragEvent('drop', {
							dataTransfer: transfer,
							bubbles: true,
							cancelable: true,
							clientX: box.left + 10,
							clientY: box.bottom - 5,
						}),
					)
				},
				[name, base64],
			)
		await drop('sunset-over-the-harbour.png', png.toString('base64'))
		await body.getByRole('img', { name: 'sunset-over-the-harbour' }).waitFor()
		expect(await body.textContent()).toContain('Above the picture.')

		await english.evaluate((element) => {
			element.addEventListener('upload-error', (event) =>
				element.setAttribute('data-upload-error', (event as CustomEvent<{ message: string }>).detail.message),
			)
		})
		await drop('broken.png', Buffer.from('not really a picture').toString('base64'))
		const message = 'Upload failed: This is not a picture the site can show. Upload a JPEG, PNG, GIF or WebP image.'
		await english.getByRole('alert').filter({ hasText: message }).waitFor()
		expect(await english.getAttribute('data-upload-error')).toBe(message)
		expect(await body.getByRole('img').count()).toBe(1)
		page.problems = page.problems.filter((problem) => !problem.includes('422'))
	})
})

describe('nothing typed is lost', () => {
	test('leaving a form with changes asks first, within the admin and when the tab closes', async () => {
		page = await logInAt(session, '/admin/faq/new')
		await page.getByLabel('Question (English)').fill('Do you translate birth certificates?')
		const navigation = page.getByRole('navigation', { name: 'Administration' })
		await navigation.getByRole('link', { name: 'Pages' }).click()
		const question = page.getByRole('alertdialog', {
			name: 'You have changes that are not saved. Leave this page anyway?',
		})
		await question.getByRole('button', { name: 'Stay' }).click()
		await question.waitFor({ state: 'detached' })
		expect(new URL(page.url()).pathname).toBe('/admin/faq/new')
		expect(await page.getByLabel('Question (English)').inputValue()).toBe('Do you translate birth certificates?')

		const asked = new Promise<string>((resolve) =>
			page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
		)
		await page.close({ runBeforeUnload: true })
		expect(await asked).toBe('beforeunload')
		// Staying keeps the tab and what was typed. (Closing the context while the tab was still
		// settling after the dismissed prompt once crashed Chromium, so the tab is closed here.)
		expect(await page.getByLabel('Question (English)').inputValue()).toBe('Do you translate birth certificates?')
		await page.close()
	})

	test('with autosave on, a draft is kept every 10 s and can be restored after leaving', async () => {
		page = await logInAt(session, '/admin/settings')
		await page.getByLabel('Save drafts automatically every 10 seconds while editing').check()
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByRole('status').filter({ hasText: 'saved' }).first().waitFor()
		expect(await page.getByLabel('Save drafts automatically every 10 seconds while editing').isChecked()).toBe(true)

		await page.goto('/admin/pages/new')
		await page.getByLabel('Title (English)').fill('Sworn translation')
		const english = page.locator('[data-controller="redactor"]').nth(1)
		await english.getByRole('toolbar', { name: 'Formatting' }).waitFor()
		await english.getByRole('textbox', { name: 'Body (English)' }).click()
		await page.keyboard.type('A draft worth keeping.')
		await page
			.getByRole('status')
			.filter({ hasText: /^Draft saved at / })
			.waitFor({ timeout: 15_000 })

		await page
			.getByRole('navigation', { name: 'Administration' })
			.getByRole('link', { name: 'FAQ', exact: true })
			.click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click()
		await page.waitForURL((url) => url.pathname === '/admin/faq')

		await page.goto('/admin/pages/new')
		const offer = page.getByRole('region', { name: /There is an unsaved draft of this form from/ })
		await offer.getByRole('button', { name: 'Restore the draft' }).click()
		expect(await page.getByLabel('Title (English)').inputValue()).toBe('Sworn translation')
		await expect
			.poll(() => english.getByRole('textbox', { name: 'Body (English)' }).textContent())
			.toBe('A draft worth keeping.')

		// Saved, the draft is gone.
		await page.getByLabel('Title (Danish)').fill('Edsvoren oversættelse')
		await page.getByLabel('Address (slug) (Danish)').fill('edsvoren')
		await page.getByLabel('Address (slug) (English)').fill('sworn')
		await english.getByRole('textbox', { name: 'Body (English)' }).click()
		const danish = page.locator('[data-controller="redactor"]').nth(0)
		await danish.getByRole('textbox', { name: 'Body (Danish)' }).click()
		await page.keyboard.type('En kladde.')
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByRole('status').filter({ hasText: '“Edsvoren oversættelse” was created.' }).waitFor()
		await page.goto('/admin/pages/new')
		await page.getByLabel('Title (English)').waitFor()
		expect(await page.getByRole('region', { name: /unsaved draft/ }).count()).toBe(0)
	})
})
