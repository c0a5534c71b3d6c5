import type { Locator } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { ADMIN_ENV } from '#tests/setup/admin.ts'
import {
	logInAt,
	seriousAxeViolations,
	setupBrowserTests,
	submitLogin,
	waitForHydration,
	type WatchedPage,
} from '#tests/setup/browser.ts'

const session = setupBrowserTests(ADMIN_ENV)
let page: WatchedPage

const faqList = () => page.getByRole('list', { name: 'FAQ' })
async function itemTexts(list: Locator) {
	// The page may still be arriving after a client-side navigation.
	await list.getByRole('listitem').first().waitFor()
	return (await list.getByRole('listitem').getByRole('link').allTextContents()).map((text) => text.trim())
}
async function publicQuestions() {
	const visitor = await session.browser.newPage()
	await visitor.goto(`${session.server.url}/en/faq`)
	const questions = (await visitor.locator('main [data-controller="faq"] h2').allTextContents()).map((text) =>
		text.replace(/^[+−]/, '').trim(),
	)
	await visitor.close()
	return questions
}

async function dragHandle(from: Locator, to: Locator) {
	const start = (await from.boundingBox())!
	const end = (await to.boundingBox())!
	await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
	await page.mouse.down()
	// Small steps, as a hand would: dnd-kit starts dragging after 4 px.
	await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 10, { steps: 5 })
	await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 + 5, { steps: 20 })
	await page.mouse.up()
}

describe('the admin', () => {
	// Eleven pages, each hydrated and checked by axe: over a minute on a busy 2-core machine.
	test(
		'login page, dashboard, lists and forms have no serious accessibility violations',
		{ timeout: 180_000 },
		async () => {
			page = await session.open('/admin/login')
			expect(await seriousAxeViolations(page)).toEqual([])
			await submitLogin(page)
			await page.getByRole('heading', { name: 'Hello admin' }).waitFor()
			for (const path of [
				'/admin',
				'/admin/todo',
				'/admin/faq',
				'/admin/faq/1',
				'/admin/team/1',
				'/admin/settings',
				'/admin/prices',
				'/admin/audit',
				'/admin/photos',
				'/admin/content_files',
				'/admin/translations',
			]) {
				await page.goto(path)
				await waitForHydration(page)
				expect(await seriousAxeViolations(page), path).toEqual([])
			}
		},
	)

	test('an FAQ item dragged to a new place keeps it, on the public FAQ too', async () => {
		page = await logInAt(session, '/admin/faq')
		const before = await itemTexts(faqList())
		const handles = faqList().getByRole('button', { name: /^Move/ })
		await dragHandle(handles.nth(0), handles.nth(2))
		const moved = [before[1], before[2], before[0], ...before.slice(3)]
		await expect.poll(() => itemTexts(faqList())).toEqual(moved)
		// The loading marker goes when the server has answered.
		await expect.poll(() => faqList().getAttribute('aria-busy')).toBeNull()

		await page.reload()
		await waitForHydration(page)
		expect(await itemTexts(faqList())).toEqual(moved)
		const english = await publicQuestions()
		expect(english).toHaveLength(moved.length)
		expect(english[2]).toBe('How do you calculate the price?')
	})

	test('items move with the keyboard alone', async () => {
		page = await logInAt(session, '/admin/languages')
		const list = page.getByRole('list', { name: 'Languages' })
		const before = await itemTexts(list)
		await list.getByRole('button', { name: `Move “${before[0]}”` }).focus()
		await page.keyboard.press('Space')
		// dnd-kit announces the pick-up and the first "over" in either order; one of them stays.
		const first = before[0]!
		await page
			.getByText(new RegExp(`^(Picked up “${first}” at position 1\\.|“${first}” is over position 1\\.)$`))
			.waitFor({ state: 'attached' })
		// dnd-kit ignores arrow keys until it has measured the list after the pick-up, which under
		// load can come after the announcement: a press it ignored changes nothing, so press again.
		const overSecond = page.getByText(`“${first}” is over position 2.`)
		for (let attempt = 0; attempt < 5; attempt++) {
			await page.keyboard.press('ArrowDown')
			if (
				await overSecond.waitFor({ state: 'attached', timeout: 3_000 }).then(
					() => true,
					() => false,
				)
			)
				break
		}
		await overSecond.waitFor({ state: 'attached' })
		await page.keyboard.press('Space')
		const moved = [before[1], before[0], ...before.slice(2)]
		await expect.poll(() => itemTexts(list)).toEqual(moved)
		await expect.poll(() => list.getAttribute('aria-busy')).toBeNull()
		await page.reload()
		await waitForHydration(page)
		expect(await itemTexts(list)).toEqual(moved)
	})

	test('when the order cannot be saved, the old order comes back with an error', async () => {
		page = await logInAt(session, '/admin/team')
		const list = page.getByRole('list', { name: 'Team' })
		const before = await itemTexts(list)
		// The session ends elsewhere (another tab logs out), so the save is refused.
		const other = await page.context().newPage()
		await other.goto(`${session.server.url}/admin`)
		await other.getByRole('button', { name: 'Log out' }).click()
		await other.waitForURL(/\/admin\/login/)
		await other.close()

		const handles = list.getByRole('button', { name: /^Move/ })
		await dragHandle(handles.nth(0), handles.nth(1))
		await page.getByRole('alert').filter({ hasText: 'The new order could not be saved' }).waitFor()
		expect(await itemTexts(list)).toEqual(before)
		// The browser reports the refused call (401) itself.
		page.problems = page.problems.filter((problem) => !problem.includes('401'))
	})

	test('the tag select searches, picks with the keyboard, fires change and saves the categories', async () => {
		page = await logInAt(session, '/admin/faq/1')
		const combobox = page.getByRole('combobox', { name: 'Categories' })
		await combobox.waitFor()
		const carrier = page.locator('[data-controller="selectize"] select[name="categoryIds"]')
		await carrier.evaluate((select) => {
			select.addEventListener(
				'change',
				() => (select.dataset.changes = String(Number(select.dataset.changes ?? 0) + 1)),
			)
		})
		await combobox.fill('deliv')
		await page.keyboard.press('Enter')
		expect(await carrier.getAttribute('data-changes')).toBe('1')
		await page.getByRole('button', { name: 'Save' }).click()
		await page.waitForURL((url) => url.pathname === '/admin/faq')
		await page.getByRole('status').filter({ hasText: 'was saved' }).waitFor()
		const row = faqList().getByRole('listitem').filter({ hasText: 'How do you calculate the price?' })
		expect(await row.textContent()).toContain('Delivery')
	})

	test('a form with errors keeps what was typed and shows each error by its field', async () => {
		page = await logInAt(session, '/admin/pages/new')
		await page.getByLabel('Title (Danish)').fill('Tolkning')
		await page.getByLabel('Address (slug) (Danish)').fill('Tolkning Med Mellemrum')
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByRole('alert').filter({ hasText: 'error' }).waitFor()
		expect(await page.getByLabel('Title (Danish)').inputValue()).toBe('Tolkning')
		const slug = page.getByLabel('Address (slug) (Danish)')
		expect(await slug.getAttribute('aria-invalid')).toBe('true')
		const description = await slug.getAttribute('aria-describedby')
		expect(await page.locator(`[id="${description!.split(' ').at(-1)}"]`).textContent()).toBe(
			'Only lower-case letters, digits and hyphens.',
		)
		expect(await page.getByLabel('Title (English)').getAttribute('aria-invalid')).toBe('true')
		page.problems = page.problems.filter((problem) => !problem.includes('422'))
	})

	test('deleting asks first, and cancelling keeps the record', async () => {
		page = await logInAt(session, '/admin/faq')
		const before = await itemTexts(faqList())
		const victim = before.at(-1)!
		await page.getByRole('button', { name: `Delete ${victim}` }).click()
		const dialog = page.getByRole('alertdialog', { name: 'Delete for good?' })
		await dialog.getByRole('button', { name: 'Cancel' }).click()
		await dialog.waitFor({ state: 'hidden' })
		expect(await itemTexts(faqList())).toEqual(before)
		await page.getByRole('button', { name: `Delete ${victim}` }).click()
		await dialog.getByRole('button', { name: 'Yes, delete' }).click()
		await page.getByRole('status').filter({ hasText: 'was deleted' }).waitFor()
		expect(await itemTexts(faqList())).toEqual(before.slice(0, -1))
	})

	test('the rich text editor (redactor) formats a page body, links only safe addresses, undoes and redoes, and the published page shows it', async () => {
		page = await logInAt(session, '/admin/pages/new')
		await page.getByLabel('Title (Danish)').fill('Tolkning')
		await page.getByLabel('Title (English)').fill('Interpreting')
		await page.getByLabel('Address (slug) (Danish)').fill('tolkning')
		await page.getByLabel('Address (slug) (English)').fill('interpreting')
		const [danish, english] = [0, 1].map((index) => page.locator('[data-controller="redactor"]').nth(index))
		// The editor has loaded when its toolbar shows (until then the field is a textarea).
		await english!.getByRole('toolbar', { name: 'Formatting' }).waitFor()
		await danish!.getByRole('textbox', { name: 'Body (Danish)' }).click()
		await page.keyboard.type('Vi tolker på stedet.')

		const body = english!.getByRole('textbox', { name: 'Body (English)' })
		const toolbar = english!.getByRole('toolbar', { name: 'Formatting' })
		await body.click()
		await toolbar.getByRole('button', { name: 'Heading', exact: true }).click()
		await page.keyboard.type('Interpreting')
		await page.keyboard.press('Enter')
		await toolbar.getByRole('button', { name: 'Bold' }).click()
		await page.keyboard.type('On site')
		expect(await toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true')
		await toolbar.getByRole('button', { name: 'Bold' }).click()
		await page.keyboard.type(' or by video.')
		// Undo takes back the last burst of typing, redo brings it back, undo again.
		await page.waitForTimeout(600)
		await page.keyboard.type(' Oops')
		await page.waitForTimeout(600)
		await page.keyboard.press('Control+z')
		await expect.poll(() => body.textContent()).not.toContain('Oops')
		await toolbar.getByRole('button', { name: 'Redo' }).click()
		await expect.poll(() => body.textContent()).toContain('Oops')
		await toolbar.getByRole('button', { name: 'Undo' }).click()
		await expect.poll(() => body.textContent()).not.toContain('Oops')

		// The link dialog needs an address, and takes only safe kinds.
		await page.keyboard.press('End')
		await page.keyboard.press('Enter')
		await toolbar.getByRole('button', { name: 'Link', exact: true }).click()
		const dialog = page.getByRole('dialog', { name: 'Link', exact: true })
		await dialog.getByRole('button', { name: 'Apply' }).click()
		await dialog.getByRole('alert').filter({ hasText: 'Enter the address the link goes to.' }).waitFor()
		await dialog.getByLabel('Address').fill('javascript:alert(1)')
		await dialog.getByRole('button', { name: 'Apply' }).click()
		await dialog.getByRole('alert').filter({ hasText: 'Only https://, http://, mailto: and tel: addresses' }).waitFor()
		expect(await dialog.getByLabel('Address').inputValue()).toBe('javascript:alert(1)')
		await dialog.getByLabel('Address').fill('mailto:kontakt@tolk.example')
		await dialog.getByRole('button', { name: 'Apply' }).click()
		await dialog.waitFor({ state: 'detached' })
		await body.getByRole('link', { name: 'mailto:kontakt@tolk.example' }).waitFor()
		await toolbar.getByRole('button', { name: 'Insert a table' }).click()
		await body.getByRole('table').waitFor()
		expect(await seriousAxeViolations(page)).toEqual([])

		await page.getByLabel('Published').check()
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByRole('status').filter({ hasText: '“Tolkning” was created.' }).waitFor()
		const published = await session.open('/en/p/interpreting')
		const content = published.locator('main')
		await content.getByRole('heading', { name: 'Interpreting', level: 2 }).waitFor()
		expect(await content.locator('strong').allTextContents()).toEqual(['On site'])
		expect(await content.textContent()).toContain('On site or by video.')
		expect(await content.getByRole('link', { name: 'mailto:kontakt@tolk.example' }).getAttribute('href')).toBe(
			'mailto:kontakt@tolk.example',
		)
		expect(await content.getByRole('table').count()).toBe(1)
		expect(await content.textContent()).not.toContain('Oops')
	})

	test('the properties dialog sets the id and class of the block the cursor is in, and empty fields remove them', async () => {
		page = await logInAt(session, '/admin/pages/new')
		const english = page.locator('[data-controller="redactor"]').nth(1)
		await english.getByRole('toolbar', { name: 'Formatting' }).waitFor()
		await english.getByRole('textbox', { name: 'Body (English)' }).click()
		await page.keyboard.type('Our prices')
		// What the form will send for the field.
		const submitted = () => english.locator('input[type="hidden"]').inputValue()
		const properties = english.getByRole('button', { name: 'Block properties' })
		const dialog = page.getByRole('dialog', { name: 'Properties of the block' })

		await properties.click()
		await dialog.getByLabel('Id').fill('2 prices')
		await dialog.getByLabel('Class').fill('lead  wide')
		await dialog.getByRole('button', { name: 'Apply' }).click()
		await dialog
			.getByRole('alert')
			.filter({ hasText: 'One word of letters, digits, - and _, starting with a letter.' })
			.waitFor()
		await dialog.getByLabel('Id').fill('prices')
		await dialog.getByRole('button', { name: 'Apply' }).click()
		await dialog.waitFor({ state: 'detached' })
		expect(await submitted()).toBe('<p id="prices" class="lead wide">Our prices</p>')

		await properties.click()
		expect(await dialog.getByLabel('Id').inputValue()).toBe('prices')
		expect(await dialog.getByLabel('Class').inputValue()).toBe('lead wide')
		await dialog.getByLabel('Id').fill('')
		await dialog.getByRole('button', { name: 'Apply' }).click()
		await dialog.waitFor({ state: 'detached' })
		expect(await submitted()).toBe('<p class="lead wide">Our prices</p>')

		await properties.click()
		await dialog.getByLabel('Class').fill('')
		await page.keyboard.press('Enter')
		await dialog.waitFor({ state: 'detached' })
		expect(await submitted()).toBe('<p>Our prices</p>')
		// Esc closes it without a change, and the focus goes back to the button.
		await properties.click()
		await dialog.getByLabel('Id').fill('ignored')
		await page.keyboard.press('Escape')
		await dialog.waitFor({ state: 'detached' })
		expect(await submitted()).toBe('<p>Our prices</p>')
		await expect.poll(() => properties.evaluate((button) => button === document.activeElement)).toBe(true)
	})

	test('what is typed into the field before the editor has loaded stays, and the typing goes on in the editor', async () => {
		page = await session.open()
		// Hold the editor's script back until something has been typed.
		let release = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route(/rich-text-editor-widget-[\w-]+\.js$/, async (route) => {
			await held
			await route.continue()
		})
		await page.goto('/admin/pages/new')
		await submitLogin(page)
		const english = page.locator('[data-controller="redactor"]').nth(1)
		const textarea = english.locator('textarea')
		await textarea.waitFor()
		await waitForHydration(page)
		await textarea.click()
		await page.keyboard.type('<p>Typed early.</p>')
		release()
		await english.getByRole('toolbar', { name: 'Formatting' }).waitFor()
		const editor = english.getByRole('textbox', { name: 'Body (English)' })
		await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true)
		await page.keyboard.type(' And later.')
		expect(await english.locator('input[type="hidden"]').inputValue()).toBe('<p>Typed early. And later.</p>')
	})

	test('the backups page: accessible, a backup started from the keyboard, listed as written and verified', async () => {
		page = await logInAt(session, '/admin/backups')
		await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor()
		expect(await seriousAxeViolations(page)).toEqual([])
		const start = page.getByRole('button', { name: 'Back up now' })
		await start.focus()
		await page.keyboard.press('Enter')
		await page.getByText('The backup has started.').waitFor()
		const table = page.getByRole('table', { name: 'Latest backups' })
		await expect
			.poll(
				async () => {
					await page.reload()
					return (await table.getByRole('row').nth(1).textContent()) ?? ''
				},
				{ timeout: 60_000, interval: 1_000 },
			)
			.toMatch(/On demand.*Written.*Yes/)
		expect(await seriousAxeViolations(page)).toEqual([])
		// The schedule keeps what was typed when it is wrong, and says why.
		const time = page.getByLabel('Nightly backup at')
		await time.fill('25:00')
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByText('Write a time as HH:MM, e.g. 03:00.').waitFor()
		expect(await time.inputValue()).toBe('25:00')
		// The refused save's 422 is the answer this test asked for.
		page.problems = page.problems.filter((problem) => !problem.includes('422'))
		await time.fill('02:30')
		await page.getByRole('button', { name: 'Save' }).click()
		await page.getByRole('status').filter({ hasText: /saved/i }).waitFor()
		expect(await page.getByLabel('Nightly backup at').inputValue()).toBe('02:30')
	})
})
